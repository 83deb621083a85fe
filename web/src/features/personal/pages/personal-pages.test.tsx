import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientInContextStore } from '../../../shared/session/client-in-context';
import type { SiteConfig } from '../../../shared/config/site-config';
import { SiteConfigProvider } from '../../../shared/config/site-config-context';
import { ok, routeFetch } from '../../../test/fetch-routes';
import { adviserUser, clientUser, jsonResponse, renderPage, testConfig } from '../../../test/render-with-providers';
import AdviserDetailsPage from './adviser-details-page';
import PersonalDetailsPage from './personal-details-page';
import PreferencesPage from './preferences-page';

afterEach(() => {
  vi.unstubAllGlobals();
  clientInContextStore.reset();
});

const eleanor = { id: 1001, comm_pref_email: '1', comm_pref_mail: '0', comm_pref_sms: '1' };
const inContext = () =>
  clientInContextStore.set({ id: 1001, entity_id: 1001, display_name: 'Eleanor Whitfield', site_access_level: 'Portfolio', is_preview_mode: false });

function withConfig(page: ReactElement, change: (config: SiteConfig) => SiteConfig) {
  return (
    <SiteConfigProvider initialConfig={change(testConfig)} loading={null} renderError={() => null}>
      {page}
    </SiteConfigProvider>
  );
}

describe('Preferences page (spec 2 §2.8)', () => {
  it('saves only the changed field, shows the success text, and Cancel restores the saved values', async () => {
    const user = userEvent.setup();
    const api = routeFetch({
      'GET /xplanapi/entity/client-v3/1001': ok(eleanor),
      'PATCH /xplanapi/entity/client-v3/1001': (body: Record<string, string>) => jsonResponse(200, { ...eleanor, ...body }),
    });
    renderPage(<PreferencesPage />, { session: { status: 'signed-in', user: clientUser } });
    expect(await screen.findByText('I would like to receive updates about products & services, promotions, news and events via:')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(save).toBeDisabled();
    expect(cancel).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Mail' }));
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText('Your preferences have been updated.')).toBeInTheDocument();
    expect(api.bodyOf('PATCH /xplanapi/entity/client-v3/1001')).toEqual({ comm_pref_mail: '1' });
    expect(save).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Email' }));
    await user.click(screen.getByRole('checkbox', { name: 'SMS' }));
    await user.click(cancel);
    expect(screen.getByRole('checkbox', { name: 'Email' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Mail' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'SMS' })).toBeChecked();
    expect(api.calls().filter((c) => c.key.startsWith('PATCH'))).toHaveLength(1);
  });

  it('says so when the preferences cannot be loaded or saved', async () => {
    const user = userEvent.setup();
    routeFetch({
      'GET /xplanapi/entity/client-v3/1001': ok(eleanor),
      'PATCH /xplanapi/entity/client-v3/1001': () => jsonResponse(500, { api_message: 'boom' }),
    });
    renderPage(<PreferencesPage />, { session: { status: 'signed-in', user: clientUser } });
    await user.click(await screen.findByRole('checkbox', { name: 'SMS' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('There has been a problem saving your preferences. Please try again. If the problem persists please contact support.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'SMS' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows the load failure text', async () => {
    routeFetch({ 'GET /xplanapi/entity/client-v3/1001': () => jsonResponse(404, { api_message: 'Resource Not Found' }) });
    renderPage(<PreferencesPage />, { session: { status: 'signed-in', user: clientUser } });
    expect(
      await screen.findByText('There has been a problem loading your preferences. Please try again. If the problem persists please contact support.'),
    ).toBeInTheDocument();
  });

  it('an adviser with the client in context sees the checkboxes disabled and no buttons', async () => {
    routeFetch({ 'GET /xplanapi/entity/client-v3/1001': ok(eleanor) });
    inContext();
    renderPage(<PreferencesPage />, { session: { status: 'signed-in', user: adviserUser } });
    const email = await screen.findByRole('checkbox', { name: 'Email' });
    expect(email).toBeDisabled();
    expect(email).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('an adviser without a client in context is told to log in to XPlan', () => {
    routeFetch({});
    renderPage(<PreferencesPage />, { session: { status: 'signed-in', user: adviserUser } });
    expect(screen.getByText('Please log in to XPlan to view and update your preferences')).toBeInTheDocument();
  });
});

const details = {
  id: 1001, title: 'Mrs', first_name: 'Eleanor', middle_name: 'Mary', last_name: 'Whitfield',
  dob: { _type: 'Date', _val: '1968-04-17' }, country_of_birth: 'GB', preferred_email: 'eleanor.whitfield@example.co.uk',
  preferred_currency: 'GBP', region: 'GB',
};
const detailRoutes = {
  'GET /xplanapi/entity/client/1001': ok(details),
  'GET /xplanapi/entity/client-v3/1001/contact': ok([
    { id: 1, type: 'p1', value: '0117 496 0871', country_code: '', preferred: false },
    { id: 2, type: 'p3', value: '+44 7700 900417', country_code: '', preferred: true },
  ]),
  'GET /xplanapi/entity/client-v3/1001/address': ok([
    { id: 1, type: 1, block: '', street_name: '14 Royal York Crescent', street_name_2: '', suburb: 'Clifton, Bristol', state: '', postcode: 'BS8 4JY', status: 'Current', preferred: true },
  ]),
};

describe('Personal details page (spec 2 §2.7)', () => {
  it('shows the fields, tap-to-call phones, the residential address only, and the panel with its button', async () => {
    routeFetch(detailRoutes);
    renderPage(<PersonalDetailsPage />, { session: { status: 'signed-in', user: clientUser } });
    expect(await screen.findByText('17/04/1968')).toBeInTheDocument();
    expect(screen.getByText('United Kingdom')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0117 496 0871' })).toHaveAttribute('href', 'tel:01174960871');
    expect(screen.getAllByRole('link', { name: '+44 7700 900417' })[0]).toHaveAttribute('href', 'tel:+447700900417');
    expect(screen.queryByText('Work phone')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Residential address' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Postal address' })).toBeNull();
    expect(screen.queryByText('Summary values are shown in')).toBeNull(); // not in multi-currency mode
    expect(screen.getByText('If you wish to update your personal details, please contact your adviser.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact your adviser' })).toHaveAttribute('href', '/clients/documents-and-messages/?compose=true');
  });

  it("shows 'Summary values are shown in' with the preferred currency in multi-currency mode", async () => {
    routeFetch({ ...detailRoutes, 'GET /xplanapi/feature_toggle/toggle_condition': ok([{ name: 'multi-currency', enabled: true }]), 'GET /api/feature-toggles': ok([]) });
    renderPage(<PersonalDetailsPage />, { session: { status: 'signed-in', user: clientUser } });
    const label = await screen.findByText('Summary values are shown in');
    expect(label.nextElementSibling).toHaveTextContent('GBP');
  });

  it('hides the button under one-way messaging and the panel by its flag', async () => {
    routeFetch(detailRoutes);
    const oneWay = (c: SiteConfig) => ({ ...c, settings: { ...c.settings, documents: { oneWayMessaging: true } } });
    const { unmount } = renderPage(withConfig(<PersonalDetailsPage />, oneWay), { session: { status: 'signed-in', user: clientUser } });
    expect(await screen.findByText('If you wish to update your personal details, please contact your adviser.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contact your adviser' })).toBeNull();
    unmount();
    const noPanel = (c: SiteConfig) => ({ ...c, settings: { ...c.settings, personalDetails: { showContactAdviserPanel: false } } });
    renderPage(withConfig(<PersonalDetailsPage />, noPanel), { session: { status: 'signed-in', user: clientUser } });
    expect(await screen.findByText('17/04/1968')).toBeInTheDocument();
    expect(screen.queryByText('If you wish to update your personal details, please contact your adviser.')).toBeNull();
  });

  it('an adviser in context sees the client’s details and the panel without its button', async () => {
    routeFetch(detailRoutes);
    inContext();
    renderPage(<PersonalDetailsPage />, { session: { status: 'signed-in', user: adviserUser } });
    expect(await screen.findByText('Eleanor')).toBeInTheDocument();
    expect(screen.getByText('If you wish to update your personal details, please contact your adviser.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contact your adviser' })).toBeNull();
  });
});

const oliver = {
  id: 100, adviser_name: 'Oliver Bennett', client_adviser: 'Client Adviser', workEmail: 'oliver.bennett@harbourvale.co.uk',
  workPhone: [{ id: 1, type: 'p2', value: '0117 496 0123', country_code: '44', preferred: true }],
  address: { block: 'Harbour & Vale House', street_name: '1 Narrow Quay', street_name_2: '', suburb: 'Bristol', state: '', postcode: 'BS1 4QA' },
  region: 'GB',
};

describe('Adviser page (spec 2 §2.9)', () => {
  it('shows the general card and the adviser card with avatar, map link, phone and email', async () => {
    routeFetch({ 'GET /xplanapi/session/user/adviser': ok(oliver) });
    renderPage(<AdviserDetailsPage />, { session: { status: 'signed-in', user: clientUser } });
    const card = (await screen.findByRole('heading', { name: 'Oliver Bennett' })).closest('article')!;
    expect(within(card as HTMLElement).getByText('Client Adviser')).toBeInTheDocument();
    expect(within(card as HTMLElement).getByText('OB')).toBeInTheDocument();
    const map = within(card as HTMLElement).getByRole('link', { name: /Show on map/ });
    expect(map).toHaveAttribute('target', '_blank');
    expect(map.getAttribute('rel')).toContain('noopener');
    expect(within(card as HTMLElement).getByRole('link', { name: '0117 496 0123' })).toHaveAttribute('href', 'tel:+441174960123');
    expect(within(card as HTMLElement).getByRole('link', { name: 'oliver.bennett@harbourvale.co.uk' })).toHaveAttribute('href', 'mailto:oliver.bennett@harbourvale.co.uk');
    expect(screen.getByRole('heading', { name: 'Client services' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Important information' })).toBeInTheDocument();
  });

  it('shows the intro text, the general card with its opening hours, and Important information with its links and copyright', async () => {
    routeFetch({ 'GET /xplanapi/session/user/adviser': ok(oliver) });
    const copyright = (c: SiteConfig) => ({
      ...c,
      content: { ...c.content, adviserDetails: { ...(c.content.adviserDetails as object), importantInformation: { links: [{ label: 'Privacy notice', href: '/privacy' }], copyright: '<p>© 2026 <strong>Harbour & Vale</strong><script>x()</script></p>' } } },
    });
    renderPage(withConfig(<AdviserDetailsPage />, copyright), { session: { status: 'signed-in', user: clientUser } });
    expect(await screen.findByText(/Your adviser is your first point of contact/)).toBeInTheDocument();
    const general = (await screen.findByRole('heading', { name: 'Client services' })).closest('article')!;
    expect(within(general as HTMLElement).getByText('Monday to Friday, 9am to 5.30pm')).toBeInTheDocument();
    expect(within(general as HTMLElement).getByRole('link', { name: 'clientservices@harbourandvale.co.uk' })).toHaveAttribute('href', 'mailto:clientservices@harbourandvale.co.uk');
    const important = screen.getByRole('heading', { name: 'Important information' }).closest('section')!;
    expect(within(important as HTMLElement).getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy');
    expect(within(important as HTMLElement).getByText('Harbour & Vale').tagName).toBe('STRONG');
    expect(important.querySelector('script')).toBeNull();
  });

  it('an adviser in context asks for the client’s adviser; a client without one gets the fallback', async () => {
    const api = routeFetch({ 'GET /xplanapi/session/user/adviser': () => jsonResponse(404, { api_message: 'Resource Not Found' }) });
    inContext();
    const generalOff = (c: SiteConfig) => ({ ...c, settings: { ...c.settings, adviserDetails: { contactDetailsType: 'adviser' } } });
    renderPage(withConfig(<AdviserDetailsPage />, generalOff), { session: { status: 'signed-in', user: adviserUser } });
    expect(await screen.findByText('Your adviser details are not available.')).toBeInTheDocument();
    const asked = api.calls().find((c) => c.key === 'GET /xplanapi/session/user/adviser');
    expect(asked?.url.searchParams.get('client_id')).toBe('1001');
  });

  it('lays the contacts out as a table when the setting says so, without avatars under hideAvatars', async () => {
    routeFetch({ 'GET /xplanapi/session/user/adviser': ok(oliver) });
    const table = (c: SiteConfig) => ({ ...c, settings: { ...c.settings, adviserDetails: { layout: 'table', hideAvatars: true } } });
    renderPage(withConfig(<AdviserDetailsPage />, table), { session: { status: 'signed-in', user: clientUser } });
    expect(await screen.findByRole('rowheader', { name: /Oliver Bennett/ })).toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.queryByText('OB')).toBeNull();
  });
});
