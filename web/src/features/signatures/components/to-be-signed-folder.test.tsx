import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok, routeFetch } from '../../../test/fetch-routes';
import { adviserUser, clientUser, renderPage } from '../../../test/render-with-providers';
import { clientInContextStore } from '../../../shared/session/client-in-context';
import { ToBeSignedFolder } from './to-be-signed-folder';

const item = (id: number, filename: string, status: number, duedate: string | null = '2026-12-16') => ({
  id,
  filename,
  duedate,
  status,
  secure_data: `sd-${id}`,
  last_notified_at: '2026-11-24T09:00:00Z',
  terms_and_conds: 'Harbour & Vale signing terms.',
  docnote_id: null,
});

const list = [
  item(1, 'Suitability report 2026.pdf', 4),
  item(2, 'Letter of authority - Harbour & Vale.pdf', 4),
  item(3, 'Client agreement 2025.pdf', 1),
  item(4, 'Draft.pdf', 3),
  item(5, 'Undated.pdf', 4, null),
  item(6, 'Old request.pdf', 2),
];

const signatory = (id: number, phone = '+44 ••• ••• 417') => [
  { id, entityid: 1001, entity_name: 'Whitfield, Eleanor', entity_phone: phone, can_sign: true, signed_at: null, signing_method: null },
];

const asClient = { session: { status: 'signed-in' as const, user: clientUser } };

afterEach(() => clientInContextStore.reset());

describe('ToBeSignedFolder', () => {
  it('lists the pending documents with their badges', async () => {
    routeFetch({ 'GET /xplanapi/digital_signature': ok(list) });
    renderPage(<ToBeSignedFolder />, asClient);
    const docs = await screen.findByRole('list', { name: 'Documents to sign' });
    const rows = within(docs).getAllByRole('button').map((b) => b.textContent);
    expect(rows).toEqual([
      'Suitability report 2026.pdfDue 16 Dec 2026Awaiting signature',
      'Letter of authority - Harbour & Vale.pdfDue 16 Dec 2026Awaiting signature',
      'Old request.pdfDue 16 Dec 2026Declined',
    ]);
  });

  it('signs with the code: terms, code, Verify, then the badge says Signed and the page is told', async () => {
    let changed = 0;
    const fetch = routeFetch({
      'GET /xplanapi/digital_signature': [ok(list), ok([{ ...list[0], status: 1 }, ...list.slice(1)])],
      'GET /xplanapi/digital_signature/1/signatories': ok(signatory(70)),
      'POST /xplanapi/digital_signature/1/signatories/70/generate_code': ok({ secure_data: 'live' }),
      'POST /xplanapi/digital_signature/1/signatories/70/sign': [
        fail(400, { api_message: 'OTP does not match', user_message: 'x' }),
        ok({ status: 1, signed_at: '2026-11-25T14:03:07Z' }),
      ],
    });
    renderPage(<ToBeSignedFolder onChanged={() => changed++} />, asClient);
    fireEvent.click(await screen.findByRole('button', { name: /Suitability report 2026\.pdf/ }));
    expect(screen.getByTitle('Document: Suitability report 2026.pdf').getAttribute('src')).toBe('/xplanapi/digital_signature/content/1/Suitability%20report%202026.pdf');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign' }));
    expect(screen.getByRole('heading', { name: 'Terms and conditions' })).toBe(document.activeElement);
    expect(screen.getByText('Harbour & Vale signing terms.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    const code = await screen.findByLabelText('Security code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByRole('heading', { name: 'Enter your security code' })).toBe(document.activeElement);
    const verify = screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement;
    expect(verify.disabled).toBe(true);
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(verify);
    expect(await screen.findByText('The security code that you provided does not match the one that was sent. Please try again.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Security code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Document signed' })).toBeTruthy();
    expect(fetch.bodyOf('POST /xplanapi/digital_signature/1/signatories/70/sign', 1)).toEqual({ signing_method: 1, secure_data: 'live', otp: '123456' });
    const viewer = screen.getByRole('article');
    expect(within(viewer).getByText('Signed')).toBeTruthy();
    expect(changed).toBe(1);
    // The signed document leaves the pending list; the viewer shows its signed version.
    await waitFor(() => expect(screen.queryByRole('button', { name: /Suitability report 2026\.pdf/ })).toBeNull());
    expect(screen.getByTitle('Document: Suitability report 2026.pdf').getAttribute('src')).toContain('?v=1');
  });

  it('shows the expired text with a resend link, which asks for a new code', async () => {
    const fetch = routeFetch({
      'GET /xplanapi/digital_signature': ok(list),
      'GET /xplanapi/digital_signature/2/signatories': ok(signatory(71)),
      'POST /xplanapi/digital_signature/2/signatories/71/generate_code': ok({ secure_data: 'live' }),
      'POST /xplanapi/digital_signature/2/signatories/71/sign': fail(400, { api_message: 'OTP code has expired' }),
    });
    renderPage(<ToBeSignedFolder />, asClient);
    fireEvent.click(await screen.findByRole('button', { name: /Letter of authority/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(screen.getByRole('heading', { name: 'Decline this document' })).toBe(document.activeElement);
    fireEvent.click(screen.getByRole('button', { name: 'Send security code' }));
    fireEvent.change(await screen.findByLabelText('Security code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The security code that we sent has expired.')).toBeTruthy();
    expect(fetch.bodyOf('POST /xplanapi/digital_signature/2/signatories/71/sign')).toMatchObject({ signing_method: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Send a new security code' }));
    await screen.findByLabelText('Security code');
    expect(fetch.calls().filter((c) => c.key.endsWith('/generate_code'))).toHaveLength(2);
  });

  it.each([
    ['OTP does not match', 'The security code that you provided does not match the one that was sent. Please try again.', true],
    ['Too many incorrect OTP attempts', 'Too many invalid code attempts.', false],
    ['OTP code has expired', 'The security code that we sent has expired.', false],
    ['Signing is not available at the moment', 'Signing is not available at the moment', false],
  ])('shows the text of spec 3 §8 for %s: back to code entry on a mismatch, else a resend link', async (apiMessage, text, backToCode) => {
    const fetch = routeFetch({
      'GET /xplanapi/digital_signature': ok(list),
      'GET /xplanapi/digital_signature/1/signatories': ok(signatory(70)),
      'POST /xplanapi/digital_signature/1/signatories/70/generate_code': ok({ secure_data: 'live' }),
      'POST /xplanapi/digital_signature/1/signatories/70/sign': fail(400, { api_message: apiMessage }),
    });
    renderPage(<ToBeSignedFolder />, asClient);
    fireEvent.click(await screen.findByRole('button', { name: /Suitability report/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    fireEvent.change(await screen.findByLabelText('Security code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    if (backToCode) {
      // Code entry again, emptied, with the text tied to the field.
      expect(screen.getByLabelText('Security code')).toHaveValue('');
      expect(screen.getByLabelText('Security code')).toHaveAttribute('aria-invalid', 'true');
    } else {
      expect(screen.queryByLabelText('Security code')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Send a new security code' }));
      await screen.findByLabelText('Security code');
      expect(fetch.calls().filter((c) => c.key.endsWith('/generate_code'))).toHaveLength(2);
    }
  });

  it("stops at invalid phone when the phone has no '+', sending nothing", async () => {
    const fetch = routeFetch({
      'GET /xplanapi/digital_signature': ok(list),
      'GET /xplanapi/digital_signature/1/signatories': ok(signatory(70, '••• ••• 163')),
    });
    renderPage(<ToBeSignedFolder />, asClient);
    fireEvent.click(await screen.findByRole('button', { name: /Suitability report/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    expect(
      await screen.findByText('We are unable to sign the document as there seems to be a problem with your registered phone number. Please contact your adviser.'),
    ).toBeTruthy();
    expect(fetch.calls().some((c) => c.key.endsWith('/generate_code'))).toBe(false);
  });

  it('shows an adviser in context the list and statuses only, with no wizard', async () => {
    clientInContextStore.set({ id: 1001, entity_id: 1001, display_name: 'Eleanor Whitfield', is_preview_mode: false, site_access_level: 'Portfolio' });
    routeFetch({
      'GET /xplanapi/digital_signature': ok(list),
      'GET /xplanapi/digital_signature/1/signatories': ok(signatory(70)),
      'GET /xplanapi/entity/client-v3/1001': ok({ id: 1001, entity_name: 'Whitfield, Eleanor' }),
    });
    renderPage(<ToBeSignedFolder />, { session: { status: 'signed-in', user: adviserUser } });
    fireEvent.click(await screen.findByRole('button', { name: /Suitability report/ }));
    expect(await screen.findByText('Only the client can sign or decline this document.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });
});
