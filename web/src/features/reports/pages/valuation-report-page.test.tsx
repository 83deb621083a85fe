import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routeFetch } from '../../../test/fetch-routes';
import { clientDataQuery } from '../../../shared/api/client-data';
import { clientUser, renderPage, resetTestQueryClient, seedClientData, testConfig, testQueryClient } from '../../../test/render-with-providers';
import { REPORT_TEXTS } from '../report-texts';
import ValuationReportPage from './valuation-report-page';

const templates = [
  { id: 1, name: 'Portfolio valuation', dateParameters: 'Date Range', userType: 'Client', requiredSelector: 'Select Entity' },
  { id: 2, name: 'Holdings statement', dateParameters: 'Single Date', userType: 'Client', requiredSelector: 'Account Group Or Account' },
];
const done = { job_id: 9, status: 'done', attempt: 1, max_attempts: 2, document_id: 37, attachment_id: 15, file_name: 'valuation-report-2026-11-25.pdf' };

function show() {
  seedClientData(clientUser);
  renderPage(<ValuationReportPage />, { path: '/clients/valuation-report', session: { status: 'signed-in', user: clientUser } });
}

/** Lets the fake clock run for ms, with the promises it releases. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the valuation report page (spec 2 §2.6, §4, §8)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('runs the report, shows the toast and the progress, polls every 3 seconds and downloads when done', async () => {
    const api = routeFetch({
      'GET /xplanapi/xmerge/template-v2': ok(templates),
      'POST /xplanapi/xmerge/template-v2/1': ok({ job_id: 9 }),
      'GET /xplanapi/job_queue/completed_job/9': [ok({ job_id: 9, status: 'queued' }), ok({ job_id: 9, status: 'running' }), ok(done)],
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Run Report' }));
    expect(await screen.findByText(REPORT_TEXTS.toast)).toBeInTheDocument();
    expect(api.calls().find((c) => c.key === 'POST /xplanapi/xmerge/template-v2/1')?.url.searchParams.get('_method')).toBe('runasync');
    expect(screen.getByText(REPORT_TEXTS.queued)).toBeInTheDocument();
    const polls = () => api.calls().filter((c) => c.key === 'GET /xplanapi/job_queue/completed_job/9').length;
    expect(polls()).toBe(0);
    await wait(3000);
    expect(polls()).toBe(1);
    await wait(3000);
    expect(await screen.findByText(REPORT_TEXTS.running)).toBeInTheDocument();
    await wait(3000);
    expect(await screen.findByText(REPORT_TEXTS.ready)).toBeInTheDocument();
    expect(polls()).toBe(3);
    expect(click).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: REPORT_TEXTS.download })).toHaveAttribute('href', '/xplanapi/docnote/files/37/15/valuation-report-2026-11-25.pdf');
    await wait(30_000);
    expect(polls()).toBe(3);
    click.mockRestore();
  });

  it('says so when the job failed', async () => {
    routeFetch({
      'GET /xplanapi/xmerge/template-v2': ok(templates),
      'POST /xplanapi/xmerge/template-v2/1': ok({ job_id: 9 }),
      'GET /xplanapi/job_queue/completed_job/9': ok({ job_id: 9, status: 'failed', message: REPORT_TEXTS.failed }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Run Report' }));
    await wait(3000);
    expect(await screen.findByRole('alert')).toHaveTextContent(REPORT_TEXTS.failed);
  });

  it('shows the platform\'s refusal of a request', async () => {
    routeFetch({
      'GET /xplanapi/xmerge/template-v2': ok(templates),
      'POST /xplanapi/xmerge/template-v2/1': fail(400, { api_message: 'You cannot select an End date earlier than the Start date.', user_message: 'You cannot select an End date earlier than the Start date.' }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Run Report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot select an End date earlier than the Start date.');
  });

  it("offers 'Generate report' alone to a client with no templates, and runs the default report", async () => {
    const api = routeFetch({
      'GET /xplanapi/xmerge/template-v2': ok([]),
      'POST /xplanapi/xmerge/template-v2/default': ok({ job_id: 9 }),
      'GET /xplanapi/job_queue/completed_job/9': ok(done),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    show();
    const generate = await screen.findByRole('button', { name: 'Generate report' });
    expect(screen.queryByLabelText('Report type')).not.toBeInTheDocument();
    fireEvent.click(generate);
    await wait(3000);
    expect(await screen.findByText(REPORT_TEXTS.ready)).toBeInTheDocument();
    expect(api.bodyOf('POST /xplanapi/xmerge/template-v2/default')).toEqual({ variables: {} });
  });

  it('checks the form before asking: a group or account is needed for a Holdings statement', async () => {
    const api = routeFetch({
      'GET /xplanapi/xmerge/template-v2': ok(templates),
      'GET /xplanapi/portfolio/group/account': ok([{ group_code: 'RET', group_name: 'Retirement' }]),
      'GET /xplanapi/portfolio/account': ok([{ accountid: 7, description: 'Stocks & Shares ISA' }]),
    });
    show();
    fireEvent.change(await screen.findByLabelText('Report type'), { target: { value: '2' } });
    const selection = await screen.findByLabelText('Account group or account');
    expect(await within(selection).findByRole('option', { name: 'Retirement' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Run Report' }));
    expect(await screen.findByText(REPORT_TEXTS.selectionRequired)).toBeInTheDocument();
    expect(api.calls().some((c) => c.key.startsWith('POST'))).toBe(false);
  });

  // Spec 2 §2.6 "Members for a client: 'Me' first, then related entities", the related ones as
  // spec 2 §6 lets the client see them: login_accessible (the client data keeps only those) and
  // only with view_partner, as on the balance sheet.
  it.each([
    [false, ['Me']],
    [true, ['Me', 'James Whitfield']],
  ])("lists 'Me' first, then the related entities the client may see (view_partner %s)", async (viewPartner, names) => {
    resetTestQueryClient();
    testQueryClient().setQueryData(clientDataQuery(clientUser.entity_id, testConfig.settings).queryKey, {
      entityId: 1001,
      client: { id: 1001, client_access_level: clientUser.client_access_level },
      members: [
        { entity_id: 1001, group_id: 7, login_accessible: true, first_name: 'Eleanor', last_name: 'Whitfield', entity_name: 'Whitfield, Eleanor', partner_entity_id: 1002 },
        { entity_id: 1002, group_id: 7, login_accessible: true, first_name: 'James', last_name: 'Whitfield', entity_name: 'Whitfield, James', partner_entity_id: 1001 },
      ],
      siteAccess: 'Portfolio',
    });
    routeFetch({
      'GET /xplanapi/xmerge/template-v2': ok(templates),
      'GET /xplanapi/entity/client-v3/1001/capability': ok({ view_partner: viewPartner, view_portfolio: true }),
    });
    renderPage(<ValuationReportPage />, { path: '/clients/valuation-report', session: { status: 'signed-in', user: clientUser } });
    const runFor = await screen.findByLabelText('Run report for');
    await vi.waitFor(() => expect(within(runFor).getAllByRole('option').map((o) => o.textContent)).toEqual(names));
  });
});
