import { useEffect } from 'react';
import type { SiteBranding } from '../shared/config/site-config';
import { useSiteConfig } from '../shared/config/site-config-context';

const VARIABLES = {
  primary: '--brand-primary',
  primaryContrast: '--brand-primary-contrast',
  secondary: '--brand-secondary',
  background: '--brand-background',
  text: '--brand-text',
} as const;

/** The style sheet the portal writes into index.html from the same branding (spa/login_shell.go). */
export const SERVER_THEME_ID = 'brand-theme';

/** The value of --font for a firm's family: the family first, the system stack behind it. */
export function fontStack(family: string): string {
  return `${JSON.stringify(family.trim())}, var(--font-fallback)`;
}

/**
 * The firm's font faces that may load: files on this site only (the CSP's font-src is 'self'),
 * never a protocol-relative or remote address.
 */
export function brandFontFaces(font: SiteBranding['font']): { src: string; weight: string; style: string }[] {
  if (!font?.family.trim()) return [];
  return (font.faces ?? [])
    .filter((face) => /^\/(?!\/)[\w./-]+$/.test(face.src))
    .map((face) => ({ src: face.src, weight: face.weight ?? '400', style: face.style ?? 'normal' }));
}

/**
 * Applies the configured theme colours as CSS variables and the firm's font (branding.font) through
 * the CSS Font Loading API: CSSOM only, so the CSP needs no inline style sheet. Faces load when
 * text first uses them, with font-display swap.
 */
export function BrandingTheme() {
  const { branding } = useSiteConfig();
  useEffect(() => {
    const root = document.documentElement.style;
    for (const [key, variable] of Object.entries(VARIABLES)) {
      const value = branding.theme?.[key as keyof typeof VARIABLES];
      if (value) root.setProperty(variable, value);
    }
  }, [branding]);

  const font = branding.font;
  useEffect(() => {
    if (!font?.family.trim()) return undefined;
    // The portal declared the faces in index.html already (font-display optional, so the text
    // never moves once painted): adding swap faces here would swap the font in later.
    if (document.getElementById(SERVER_THEME_ID)) return undefined;
    const faces =
      typeof FontFace === 'undefined'
        ? []
        : brandFontFaces(font).map(
            (face) => new FontFace(font.family.trim(), `url(${JSON.stringify(face.src)}) format("woff2")`, { weight: face.weight, style: face.style, display: 'swap' }),
          );
    for (const face of faces) document.fonts.add(face);
    document.documentElement.style.setProperty('--font', fontStack(font.family));
    return () => {
      for (const face of faces) document.fonts.delete(face);
      document.documentElement.style.removeProperty('--font');
    };
  }, [font]);
  return null;
}
