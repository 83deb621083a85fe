import type { ComponentType, LazyExoticComponent } from 'react';
import type { ClientChildKey } from '../../shared/config/site-config';
import { lazyChunk } from '../../shared/lazy/lazy-chunk';

/**
 * The client's account-security pages of spec 1 §2, by client-section child. The app hands them to
 * the client section (features do not import each other); each is its own lazy chunk.
 */
export const ACCOUNT_PAGES: Partial<Record<ClientChildKey, LazyExoticComponent<ComponentType>>> = {
  'change-password': lazyChunk(() => import('./pages/change-password-page')),
  'security-questions': lazyChunk(() => import('./pages/security-questions-page')),
  'additional-verification': lazyChunk(() => import('./pages/additional-verification-page')),
  'biometric-permission': lazyChunk(() => import('./pages/biometric-permission-page')),
};
