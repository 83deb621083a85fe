import { useEffect } from 'react';
import { useSiteConfig } from '../shared/config/site-config-context';

const VARIABLES = {
  primary: '--brand-primary',
  primaryContrast: '--brand-primary-contrast',
  secondary: '--brand-secondary',
  background: '--brand-background',
  text: '--brand-text',
} as const;

/** Applies the configured theme colours as CSS variables (through CSSOM, so the CSP is happy). */
export function BrandingTheme() {
  const { branding } = useSiteConfig();
  useEffect(() => {
    const root = document.documentElement.style;
    for (const [key, variable] of Object.entries(VARIABLES)) {
      const value = branding.theme?.[key as keyof typeof VARIABLES];
      if (value) root.setProperty(variable, value);
    }
  }, [branding]);
  return null;
}
