import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adviserUser, renderPage } from '../../test/render-with-providers';
import { AdviserSection, PRIVATE_BROWSING_TEXT } from './adviser-section';

describe('AdviserSection', () => {
  it('says that the adviser view is not supported when browser storage is unavailable', () => {
    renderPage(<AdviserSection storageAvailable={() => false} />, { path: '/advisers/', route: '/advisers/*', session: { status: 'signed-in', user: adviserUser } });
    expect(screen.getByRole('alert')).toHaveTextContent(PRIVATE_BROWSING_TEXT);
  });

  it('shows the client list when storage works', async () => {
    renderPage(<AdviserSection storageAvailable={() => true} />, { path: '/advisers/', route: '/advisers/*', session: { status: 'signed-in', user: adviserUser } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Clients' })).toBeInTheDocument();
    expect(screen.queryByText(PRIVATE_BROWSING_TEXT)).not.toBeInTheDocument();
  });
});
