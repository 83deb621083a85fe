import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SiteConfigProvider } from '../../shared/config/site-config-context';
import { renderPage, testConfig } from '../../test/render-with-providers';
import { AnnouncementPanel } from './announcement-panel';
import { announcementCookieName } from './announcement-rules';
import { hiddenAnnouncementsStore, isAnnouncementHidden } from './announcement-store';

// The demo firm's site-config.json (the test configuration) announces 134 on the home page and
// 135 on the documents page.
function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

beforeEach(clearCookies);
afterEach(() => {
  hiddenAnnouncementsStore.reset();
  clearCookies();
});

describe('AnnouncementPanel', () => {
  it('shows the announcement as a region with its header, sanitised content and the two controls', () => {
    renderPage(<AnnouncementPanel hash={134} />);
    const region = screen.getByRole('region', { name: 'Changes to our charges from 1 January 2027' });
    expect(region).toHaveTextContent('0.65%');
    expect(screen.getByRole('link', { name: 'schedule of charges' })).toHaveAttribute('href', 'https://www.harbourvale.example/charges');
    expect(screen.getByRole('checkbox', { name: "Don't show this again" })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Close' })).toBeVisible();
  });

  it('shows nothing for a hash the firm does not announce', () => {
    renderPage(<AnnouncementPanel hash={999} />);
    expect(document.querySelector('.announcement')).toBeNull();
  });

  it('Close hides it for this visit without a cookie, and moves focus to the main area', () => {
    const main = document.createElement('div');
    main.id = 'main-content';
    main.tabIndex = -1;
    document.body.append(main);
    renderPage(<AnnouncementPanel hash={134} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Changes to our charges from 1 January 2027' })).toBeNull();
    expect(isAnnouncementHidden(134)).toBe(true);
    expect(isAnnouncementHidden(135)).toBe(false);
    expect(document.cookie).not.toContain(announcementCookieName(134));
    expect(document.activeElement).toBe(main);
    main.remove();
  });

  it("with 'Don't show this again' the cookie keeps it hidden on a later visit", () => {
    const first = renderPage(<AnnouncementPanel hash={134} />);
    fireEvent.click(screen.getByRole('checkbox', { name: "Don't show this again" }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.cookie).toMatch(/announcement-hidden-134=[0-9a-f]{8}/);
    first.unmount();
    // A later visit: a new page load forgets the visit's flag; the cookie still hides it.
    hiddenAnnouncementsStore.reset();
    const written: string[] = [];
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => cookie.get!.call(document),
      set: (value: string) => {
        written.push(value);
        cookie.set!.call(document, value);
      },
    });
    try {
      renderPage(<AnnouncementPanel hash={134} />);
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
    expect(document.querySelector('.announcement')).toBeNull();
    // The cookie is written again, to 2099, so a browser's cap on its life starts again.
    expect(written).toEqual([expect.stringMatching(/^announcement-hidden-134=[0-9a-f]{8}; expires=Thu, 31 Dec 2099 23:59:59 GMT; path=\/; SameSite=Lax$/)]);
    // The other page's announcement is not affected.
    renderPage(<AnnouncementPanel hash={135} />);
    expect(screen.getByRole('region', { name: 'New: sign documents online' })).toBeVisible();
  });

  it('without the box, a later visit shows it again', () => {
    const first = renderPage(<AnnouncementPanel hash={135} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    first.unmount();
    hiddenAnnouncementsStore.reset();
    renderPage(<AnnouncementPanel hash={135} />);
    expect(screen.getByRole('region', { name: 'New: sign documents online' })).toBeVisible();
  });

  it('sanitises in the browser too, to the same tags, and shows the header as text', () => {
    const config = {
      ...testConfig,
      content: {
        ...testConfig.content,
        announcements: [
          {
            hash: 134,
            header: '<b>Fees</b>',
            content: '<h3>Big</h3><p onclick="alert(1)" style="color:red">Hi<script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">bad</a> <a href="/ok">ok</a></p>',
          },
        ],
      },
    };
    renderPage(
      <SiteConfigProvider initialConfig={config} loading={null} renderError={() => null}>
        <AnnouncementPanel hash={134} />
      </SiteConfigProvider>,
    );
    const region = screen.getByRole('region', { name: '<b>Fees</b>' });
    const html = region.querySelector('.announcement__content')!.innerHTML;
    expect(html).toBe('Big<p>Hi<a>bad</a> <a href="/ok">ok</a></p>');
  });
});
