// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, isCompressible, precompress } from './precompress.mjs';

const text = (n) => 'export const answer = "forty-two";\n'.repeat(Math.ceil(n / 35)).slice(0, n);

describe('precompress', () => {
  let dir;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, 'branding'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes gzip and brotli siblings that decompress to the original', () => {
    const js = text(20_000);
    writeFileSync(join(dir, 'assets', 'main-abc.js'), js);
    writeFileSync(join(dir, 'branding', 'logo.svg'), `<svg>${text(4_000)}</svg>`);
    const done = precompress(dir);
    expect(done.map((f) => f.path).sort()).toEqual(['assets/main-abc.js', 'branding/logo.svg']);
    const base = join(dir, 'assets', 'main-abc.js');
    expect(gunzipSync(readFileSync(base + '.gz')).toString()).toBe(js);
    expect(brotliDecompressSync(readFileSync(base + '.br')).toString()).toBe(js);
    const main = done.find((f) => f.path === 'assets/main-abc.js');
    // A repeated line compresses to a small fraction of itself in both formats.
    expect(main.gzip).toBeLessThan(js.length / 10);
    expect(main.brotli).toBeLessThan(js.length / 10);
  });

  it('skips images, fonts, tiny files and the files the server renders', () => {
    writeFileSync(join(dir, 'branding', 'icon.png'), Buffer.alloc(5_000, 1));
    writeFileSync(join(dir, 'branding', 'font.woff2'), Buffer.alloc(5_000, 1));
    writeFileSync(join(dir, 'assets', 'tiny.js'), text(MIN_BYTES - 1));
    writeFileSync(join(dir, 'index.html'), `<html>${text(5_000)}</html>`);
    writeFileSync(join(dir, 'site-config.json'), JSON.stringify({ text: text(5_000) }));
    expect(precompress(dir)).toEqual([]);
    for (const name of ['branding/icon.png', 'branding/font.woff2', 'assets/tiny.js', 'index.html', 'site-config.json']) {
      expect(existsSync(join(dir, name + '.gz')), name).toBe(false);
      expect(existsSync(join(dir, name + '.br')), name).toBe(false);
    }
  });

  it('does not compress its own output when run twice', () => {
    writeFileSync(join(dir, 'assets', 'main-abc.js'), text(5_000));
    precompress(dir);
    expect(precompress(dir).map((f) => f.path)).toEqual(['assets/main-abc.js']);
    expect(existsSync(join(dir, 'assets', 'main-abc.js.gz.gz'))).toBe(false);
    expect(existsSync(join(dir, 'assets', 'main-abc.js.br.br'))).toBe(false);
  });

  it('decides by extension, size and path', () => {
    expect(isCompressible('assets/a.js', MIN_BYTES)).toBe(true);
    expect(isCompressible('assets/a.CSS', MIN_BYTES)).toBe(true);
    expect(isCompressible('assets/a.js', MIN_BYTES - 1)).toBe(false);
    expect(isCompressible('branding/fonts/open-sans-400.woff2', 50_000)).toBe(false);
    expect(isCompressible('sw.js', 5_000)).toBe(true);
    expect(isCompressible('index.html', 5_000)).toBe(false);
    expect(isCompressible('branding/index.html', 5_000)).toBe(true);
  });
});
