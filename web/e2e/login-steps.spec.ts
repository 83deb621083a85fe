import { checkA11y, expect, logIn, nextOutbox, outbox, test } from './fixtures';

// The additional login steps and device enrolment of spec 1 §4, each with its own demo login.

test('a client agrees to the site terms at login, and is not asked again', async ({ page }) => {
  const who = { username: 'demo.terms', password: 'DemoTerms#2026' };
  await logIn(page, who);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await expect(page.getByText('By selecting Agree and Continue you confirm')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Decline' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Agree and Continue' }).click();
  await expect(page).toHaveURL(/\/clients\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Samuel' })).toBeVisible();

  // The acceptance was recorded: the next login goes straight in.
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await logIn(page, who);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Samuel' })).toBeVisible();
});

test('a client must change their password at login; the old password then fails and the new one works', async ({ page, playwright, baseURL }) => {
  await logIn(page, { username: 'demo.newpass', password: 'DemoNewpass#2026' });
  await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();
  const confirm = page.getByRole('button', { name: 'Confirm password' });
  await expect(confirm).toBeDisabled();
  const field = page.getByLabel('Please enter a password');
  await field.fill('harriet');
  await expect(page.getByText(/Password strength: Very Weak|Password strength: Weak/)).toBeVisible();
  const newPassword = 'Clifton-Harbour-Lantern-84';
  await field.fill(newPassword);
  await expect(page.getByText(/Password strength: (Strong|Very Strong)/)).toBeVisible();
  await checkA11y(page);
  await confirm.click();
  await expect(page).toHaveURL(/\/clients\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Harriet' })).toBeVisible();

  const api = await playwright.request.newContext({ baseURL });
  const login = (password: string) => api.post('/xplanapi/auth/login', { data: { username: 'demo.newpass', password } });
  expect((await login('DemoNewpass#2026')).status()).toBe(401);
  const next = await login(newPassword);
  expect(next.status()).toBe(200);
  expect((await next.json()).loginStatus).toBe('LoginSuccess');
  await api.dispose();
});

test('a client sets two security questions at login', async ({ page }) => {
  await logIn(page, { username: 'demo.questions', password: 'DemoQuestions#2026' });
  await expect(page.getByRole('heading', { level: 1, name: 'Set security questions' })).toBeVisible();
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await page.getByLabel('Question 1').selectOption({ index: 1 });
  await page.getByLabel('Answer 1').fill('Kingsdown Parade');
  // The same question twice is refused.
  const first = await page.getByLabel('Question 1').inputValue();
  await page.getByLabel('Question 2').selectOption(first);
  await page.getByLabel('Answer 2').fill('Grandmother Ivy');
  await page.getByLabel('Answer 2').blur();
  await expect(page.getByText('Please select two different security questions.')).toBeVisible();
  await expect(next).toBeDisabled();
  await page.getByLabel('Question 2').selectOption('Other');
  await page.getByLabel('Your own question 2').fill('Where did we go on our first holiday?');
  await expect(next).toBeEnabled();
  await checkA11y(page);
  await next.click();
  await expect(page).toHaveURL(/\/clients\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Grace' })).toBeVisible();
});

test('a client with no device yet enrols one by SMS, then verifies it once more to log in', async ({ page }) => {
  const phone = '***15'; // Fiona MacLeod's mobile, as the outbox masks it
  await logIn(page, { username: 'demo.enrol', password: 'DemoEnrol#2026' });
  await expect(page.getByRole('heading', { level: 1, name: 'Additional verification' })).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('Text message to your mobile phone').check();
  let before = outbox('security code', phone).length;
  await page.getByRole('button', { name: 'Select and continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Validate your device' })).toBeVisible();
  const enrolCode = await nextOutbox('security code', before, phone);

  // A wrong code first: the invalid-code screen, then a new code.
  await page.getByLabel('Security code').fill(enrolCode === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Incorrect code' })).toBeVisible();
  await expect(page.getByText('Sorry, there was a problem with the authentication. You entered an incorrect code. Please request another code and try again.')).toBeVisible();
  await checkA11y(page);
  before = outbox('security code', phone).length;
  await page.getByRole('button', { name: 'Request new code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Validate your device' })).toBeVisible();
  const secondCode = await nextOutbox('security code', before, phone);
  before = outbox('security code', phone).length;
  await page.getByLabel('Security code').fill(secondCode);
  await page.getByRole('button', { name: 'Validate' }).click();

  // Enrolled: one more verification with a new code (spec 1 §4).
  await expect(page.getByText('Your device is now set up for additional verification.')).toBeVisible();
  const loginCode = await nextOutbox('security code', before, phone);
  await page.getByLabel('Security code').fill(loginCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/clients\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Fiona' })).toBeVisible();
});
