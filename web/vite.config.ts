/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { ionicMdOnly } from './scripts/ionic-md-only.mjs';

// The Go portal serves the API on the same origin in production; in development Vite proxies
// these prefixes to it so cookies stay first-party.
// Vitest 5 prints failures with Map.groupBy, which Node 20 (this machine's Node) lacks: without
// this shim a failing test crashes the reporter instead of being shown. Harmless on Node 21+.
if (typeof (Map as unknown as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<T, K>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>();
      let index = 0;
      for (const item of items) {
        const k = key(item, index++);
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
      }
      return groups;
    },
  });
}

const backend = 'http://127.0.0.1:8080';
const proxied = ['/xplanapi', '/api', '/bff', '/healthz', '/readyz'];

export default defineConfig({
  plugins: [
    react(),
    // Ionic runs in Material Design mode only: its components' iOS style sheets are left out.
    ionicMdOnly(),
    // The PWA's service worker (Workbox): the app shell precached, the site configuration and
    // branding stale-while-revalidate, personal data never cached (the API prefixes are
    // network-only). The manifest is built by the Go server from the site configuration.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      filename: 'sw.js',
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The password-strength dictionaries load when a new password is typed, online.
        // Highcharts modules @highcharts/react loads only for series types the app never draws
        // (3D, Gantt, indicators ...) are its *.src-* chunks: not precached either.
        globIgnores: ['**/site-config.json', '**/zxcvbn-*.js', '**/*.src-*.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/(xplanapi|api|bff|resourceful|healthz|readyz|\.well-known)(\/|$)/, /^\/manifest\.webmanifest$/],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          { urlPattern: ({ url }) => /^\/(xplanapi|api|bff)\//.test(url.pathname), handler: 'NetworkOnly' },
          {
            urlPattern: ({ url }) =>
              url.pathname === '/site-config.json' || url.pathname === '/manifest.webmanifest' || url.pathname.startsWith('/branding/'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'site-config-and-branding', expiration: { maxEntries: 40 } },
          },
        ],
      },
    }),
  ],
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // A modulepreload polyfill would be an inline-free but extra script on the login route;
    // every browser we support has native modulepreload.
    modulePreload: {
      polyfill: false,
      // No <link rel=modulepreload> per dependency of a lazily loaded chunk (its style sheets are
      // still loaded first): Chromium starts each preload's fetch while appending it, ~1-2 ms of
      // main thread per link, and the signed-in area alone has 22 of them, all appended in the
      // render that first needs the area (issue 13: /clients/home's total blocking time). The
      // browser finds the same files as soon as the chunk itself is parsed, one round trip later.
      // The page's own preloads (hostType 'html') are kept: the login route's budget counts on them.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      // @ionic/core declares no sideEffects, so without this rule every Ionic component lands in
      // whichever chunk first touches the barrel. CSS must stay side-effectful.
      treeshake: {
        moduleSideEffects: [
          { test: /\.css$/, sideEffects: true },
          {
            test: /node_modules[\\/](@ionic[\\/](core|react|react-router)|ionicons|@stencil[\\/]react-output-target)[\\/]/,
            sideEffects: false,
          },
        ],
      },
      output: {
        // Needed by lazily loaded chart code (Highcharts) under rolldown; harmless elsewhere.
        strictExecutionOrder: true,
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    env: { TZ: 'UTC' },
  },
});
