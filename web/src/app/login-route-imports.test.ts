// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The packages the login route must not load before the form works (web/README.md, "Login route
// budget"): they belong to the lazily loaded parts (signed-in area, login steps, text pages).
const OFF_THE_LOGIN_ROUTE = ['@tanstack/', 'dompurify', '@ionic/', 'highcharts', 'workbox-window'];

const src = decodeURIComponent(new URL('..', import.meta.url).pathname);

// Value imports and re-exports; `import type` is erased and import() is a lazy chunk.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm;

function resolveModule(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every package the entry reaches through static imports of its own modules. */
function packagesOfEntry(entry: string): Set<string> {
  return staticGraph(entry).packages;
}

/** The entry's own modules reached through static imports, and the packages they import. */
function staticGraph(entry: string): { packages: Set<string>; files: Set<string> } {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (!specifier) continue;
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const next = resolveModule(file, specifier);
      if (next) queue.push(next);
    }
  }
  return { packages, files: seen };
}

describe('the login route', () => {
  it('statically imports neither TanStack Query, DOMPurify, Ionic, Highcharts nor Workbox', () => {
    const packages = [...packagesOfEntry(`${src}app/main.tsx`)];
    expect(packages).toContain('react-router-dom');
    expect(packages).toContain('zod/mini');
    expect(packages.filter((name) => OFF_THE_LOGIN_ROUTE.some((banned) => name.startsWith(banned)))).toEqual([]);
  });
});

// Deliverable 5c of issue 13: the signed-in area's first chunk holds only what the first screen
// uses. The `@ionic/react` barrel kept Ionic's tabs, navigation, back button, router outlet and
// overlay managers in it (69 KB gzip); the shell wraps the few core elements it renders instead
// (app/shell/ionic-elements.ts), and the phones' side menu is a chunk of its own.
describe('the signed-in area', () => {
  const graph = staticGraph(`${src}app/shell/signed-in-area.tsx`);

  it('imports Ionic per element, never the @ionic/react barrel (its stylesheet aside)', () => {
    const ionic = [...graph.packages].filter((name) => name.startsWith('@ionic/'));
    expect(ionic).toContain('@ionic/core/components/ion-content.js');
    expect(ionic.filter((name) => name === '@ionic/react' || (name.startsWith('@ionic/react/') && !name.endsWith('.css')))).toEqual([]);
    // Elements the first screen never shows stay out: tabs, navigation, back button, outlet.
    expect(ionic.filter((name) => /ion-(tabs?|tab-bar|tab-button|nav|back-button|router-outlet)\.js$/.test(name))).toEqual([]);
  });

  it('loads the side menu lazily', () => {
    expect([...graph.files].filter((file) => file.endsWith('/phone-menu.tsx'))).toEqual([]);
    expect(graph.packages).not.toContain('@ionic/core/components/ion-menu.js');
  });
});

// Issue 13, the home's main-thread time: the dashboard's pull to refresh came from the
// `@ionic/react` barrel, whose module set-up (navigation, router outlet, overlay code) then ran
// on every first load of the home; it wraps its two elements as the shell does.
describe('the home page', () => {
  const graph = staticGraph(`${src}features/clients/pages/client-home-page.tsx`);

  it('imports Ionic per element, never the @ionic/react barrel', () => {
    const ionic = [...graph.packages].filter((name) => name.startsWith('@ionic/'));
    expect(ionic).toContain('@ionic/core/components/ion-refresher.js');
    expect(ionic.filter((name) => name === '@ionic/react' || (name.startsWith('@ionic/react/') && !name.endsWith('.css')))).toEqual([]);
  });
});
