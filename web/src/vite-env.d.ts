/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The firm's portal, for a build bundled in the native shell (make mobile). */
  readonly VITE_PORTAL_MOBILE_URL?: string;
}
