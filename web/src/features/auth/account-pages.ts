import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ClientChildKey } from '../../shared/config/site-config';

/**
 * The client's account-security pages of spec 1 §2, by client-section child. The app hands them to
 * the client section (features do not import each other); each is its own lazy chunk.
 */
export const ACCOUNT_PAGES: Partial<Record<ClientChildKey, LazyExoticComponent<ComponentType>>> = {
  'change-password': lazy(() => import('./pages/change-password-page')),
  'security-questions': lazy(() => import('./pages/security-questions-page')),
  'additional-verification': lazy(() => import('./pages/additional-verification-page')),
  'biometric-permission': lazy(() => import('./pages/biometric-permission-page')),
};
