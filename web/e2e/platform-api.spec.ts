import { expect, logIn, logins, test } from './fixtures';

// The spec's data calls go from the browser's session through the BFF to the platform (embedded
// or remote): same origin, cookies only, and the platform's authorisation on every call.
test('a signed-in client reads its own data through the BFF and nobody else\'s', async ({ page }) => {
  await logIn(page, logins.client);
  await expect(page).toHaveURL(/\/clients\//);
  const api = page.request;

  const user = await (await api.get('/xplanapi/session/user')).json();
  const own = await api.get(`/xplanapi/entity/client-v3/${user.entity_id}`);
  expect(own.status()).toBe(200);
  expect(await own.json()).toMatchObject({ first_name: 'Eleanor', last_name: 'Whitfield' });

  const caps = await (await api.get('/xplanapi/session/capability')).json();
  expect(caps).toMatchObject({ view_portfolio: true });
  const site = await (await api.get('/xplanapi/site')).json();
  expect(site.site_locales).toContain('en-gb');

  // Another client's id answers like a missing one.
  for (const path of [`/xplanapi/entity/client-v3/${user.entity_id + 40}`, '/xplanapi/entity/client-v3/99999999']) {
    const res = await api.get(path);
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ api_message: 'Resource Not Found', user_message: 'The requested item was not found.' });
  }

  // Batch: answers in request order with names echoed; a refused item is a 404 inside a 200.
  const batch = await api.post('/xplanapi/', {
    data: { batch: [
      { name: 'me', method: 'GET', url: `entity/client-v3/${user.entity_id}` },
      { name: 'site', method: 'GET', url: 'site' },
      { name: 'logout', method: 'DELETE', url: 'session' },
    ] },
  });
  expect(batch.status()).toBe(200);
  const results = await batch.json();
  expect(results.map((r: { name: string; code: number }) => [r.name, r.code])).toEqual([['me', 200], ['site', 200], ['logout', 404]]);
  expect(JSON.parse(results[0].body)).toMatchObject({ first_name: 'Eleanor' });
  // The refused logout item did not end the session.
  expect((await api.get('/xplanapi/session/user')).status()).toBe(200);
});

test('an adviser searches their client list through the BFF, and a client cannot', async ({ page, browser }) => {
  await logIn(page, logins.adviser, 'Adviser');
  await expect(page).toHaveURL(/\/advisers\//);
  const res = await page.request.get('/xplanapi/entity/client-v3?quicksearch=Whitfield&page_size=20');
  expect(res.status()).toBe(200);
  const items = await res.json();
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) expect(item.bookmark).toEqual(expect.any(String));
  expect(items.map((c: { entity_name: string }) => c.entity_name)).toContain('Whitfield, Eleanor');

  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const clientPage = await other.newPage();
  await logIn(clientPage, logins.client);
  await expect(clientPage).toHaveURL(/\/clients\//);
  expect((await clientPage.request.get('/xplanapi/entity/client-v3?quicksearch=Whitfield')).status()).toBe(404);
  await other.close();
});
