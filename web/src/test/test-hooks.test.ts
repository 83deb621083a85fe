import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Production sources: the web app and the native bridges, without tests and test helpers. */
function productionSources(): string[] {
  const roots = [join(__dirname, '..'), join(__dirname, '..', '..', '..', 'mobile', 'src')];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (path !== join(roots[0]!, 'test')) walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        out.push(path);
      }
    }
  };
  roots.forEach(walk);
  return out;
}

describe('production code', () => {
  it('exports no state-reset hooks for tests (tests reload the module or configure it instead)', () => {
    const sources = productionSources();
    expect(sources.length).toBeGreaterThan(50);
    const hooks = sources.flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/export function (reset\w*)\(\)\s*:\s*void/g)].map((m) => `${relative(__dirname, path)}: ${m[1]}`),
    );
    expect(hooks).toEqual([]);
  });
});
