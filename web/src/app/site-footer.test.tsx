import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SiteConfigProvider } from '../shared/config/site-config-context';
import { testConfig } from '../test/render-with-providers';
import { SiteFooter } from './site-footer';

describe('the footer', () => {
  it('shows the copyright HTML at once, without loading a sanitiser (the portal sanitised it)', () => {
    const config = { ...testConfig, content: { ...testConfig.content, footerCopyright: '<p>&copy; 2026 Firm <strong>Ltd</strong></p>' } };
    render(
      <MemoryRouter future={{ v7_relativeSplatPath: true, v7_startTransition: false }}>
        <SiteConfigProvider initialConfig={config} loading={null} renderError={() => null}>
          <SiteFooter />
        </SiteConfigProvider>
      </MemoryRouter>,
    );
    // Synchronously: no lazy chunk, no Suspense fallback in between, so no layout shift.
    const copyright = screen.getByText(/© 2026 Firm/);
    expect(copyright.tagName).toBe('P');
    expect(copyright.parentElement).toHaveClass('site-footer__copyright');
    expect(screen.getByText('Ltd').tagName).toBe('STRONG');
  });
});
