import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clientInContextStore } from '../../../shared/session/client-in-context';
import { adviserUser, clientUser, renderPage } from '../../../test/render-with-providers';
import { BackLink } from './back-link';

afterEach(() => clientInContextStore.reset());

// Spec 1 §2, text pages: "a Back link: to the client list for advisers, to the clients home for
// clients, to login when not logged in" (docs/client-in-context.md).
describe('the text pages’ Back link', () => {
  it('leads an adviser to the client list, also with a client in context', () => {
    clientInContextStore.set({ id: 12, entity_id: 1001, display_name: 'Eleanor Whitfield', site_access_level: 'Portfolio', is_preview_mode: false });
    renderPage(<BackLink />, { session: { status: 'signed-in', user: adviserUser } });
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/advisers/');
  });

  it('leads a client home and anyone else to login', () => {
    const { unmount } = renderPage(<BackLink />, { session: { status: 'signed-in', user: clientUser } });
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/clients/');
    unmount();
    renderPage(<BackLink />);
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/login');
  });
});
