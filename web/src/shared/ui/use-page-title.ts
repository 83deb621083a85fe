import { useEffect } from 'react';
import { useSiteConfig } from '../config/site-config-context';

export function formatPageTitle(pageName: string, productName: string): string {
  return productName ? `${pageName} - ${productName}` : pageName;
}

/** Every page title is "{page name} - {product name}" (spec 1 §1). */
export function usePageTitle(pageName: string): void {
  const { settings } = useSiteConfig();
  useEffect(() => {
    document.title = formatPageTitle(pageName, settings.productName);
  }, [pageName, settings.productName]);
}
