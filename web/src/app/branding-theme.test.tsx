import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteConfigProvider } from '../shared/config/site-config-context';
import { testConfig, testQueryClient } from '../test/render-with-providers';
import { BrandingTheme, SERVER_THEME_ID, brandFontFaces, fontStack } from './branding-theme';

describe('the firm font from branding', () => {
  it('is the demo firm\'s Open Sans, in three weights served by the portal', () => {
    expect(testConfig.branding.font?.family).toBe('Open Sans');
    expect(brandFontFaces(testConfig.branding.font).map((face) => face.weight)).toEqual(['400', '600', '700']);
  });

  it('loads only files on this site', () => {
    const faces = brandFontFaces({
      family: 'Firm Sans',
      faces: [
        { src: '/branding/fonts/firm.woff2' },
        { src: 'https://fonts.example/firm.woff2' },
        { src: '//fonts.example/firm.woff2' },
        { src: '/x.woff2) format("woff2"); src: url(https://evil' },
      ],
    });
    expect(faces).toEqual([{ src: '/branding/fonts/firm.woff2', weight: '400', style: 'normal' }]);
    expect(brandFontFaces({ family: ' ', faces: [{ src: '/a.woff2' }] })).toEqual([]);
  });

  it('puts the family before the fallback stack in --font', () => {
    expect(fontStack('Open Sans')).toBe('"Open Sans", var(--font-fallback)');
    render(
      <QueryClientProvider client={testQueryClient()}>
        <SiteConfigProvider initialConfig={testConfig} loading={null} renderError={() => null}>
          <BrandingTheme />
        </SiteConfigProvider>
      </QueryClientProvider>,
    );
    expect(document.documentElement.style.getPropertyValue('--font')).toBe('"Open Sans", var(--font-fallback)');
    expect(document.documentElement.style.getPropertyValue('--brand-primary')).toBe('#0b3954');
  });
});

describe('faces the portal already declared', () => {
  afterEach(() => {
    document.getElementById(SERVER_THEME_ID)?.remove();
    vi.unstubAllGlobals();
  });

  const renderTheme = () =>
    render(
      <QueryClientProvider client={testQueryClient()}>
        <SiteConfigProvider initialConfig={testConfig} loading={null} renderError={() => null}>
          <BrandingTheme />
        </SiteConfigProvider>
      </QueryClientProvider>,
    );

  it('are not added again as swap faces, which would move the text when they load', () => {
    const added: unknown[] = [];
    vi.stubGlobal('FontFace', class {});
    Object.defineProperty(document, 'fonts', { configurable: true, value: { add: (face: unknown) => added.push(face), delete: () => true } });
    const first = renderTheme();
    expect(added).toHaveLength(3);
    first.unmount();
    added.length = 0;
    const style = document.createElement('style');
    style.id = SERVER_THEME_ID;
    document.head.append(style);
    renderTheme();
    expect(added).toHaveLength(0);
  });
});
