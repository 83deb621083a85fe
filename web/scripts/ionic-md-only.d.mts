import type { Plugin } from 'vite';

/** The module's code without its iOS style sheets, or null when there is nothing to change. */
export function withoutIosStyles(code: string, id: string): string | null;
/** The Vite plugin (build only). */
export function ionicMdOnly(): Plugin;
