// Precompresses the web build: every file of dist worth compressing gets a gzip (.gz) and a
// brotli (.br) sibling, which the Go server sends by the request's Accept-Encoding instead of
// compressing on every request (backend/internal/spa/precompressed.go). Run after `vite build`
// (npm run build), so the service worker is already written and its precache lists only the
// plain files; the browser gets them compressed transparently.
//
// Skipped: files that are already compressed (images, fonts), files under MIN_BYTES (a packet
// carries them anyway and the headers cost more than they save), and the two files the server
// renders per request rather than sending as built (index.html with the window settings,
// site-config.json sanitised or replaced by the data directory's copy).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';

/** Files smaller than this are sent as they are. */
export const MIN_BYTES = 1024;

/** Extensions of text formats, which compress well; everything else is left alone. */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml', '.map', '.wasm', '.ico']);

/** Files the server renders per request, never sent as built (paths relative to dist). */
export const RENDERED = new Set(['index.html', 'site-config.json']);

/** Whether a file of the build (its path relative to dist, with / separators) gets siblings. */
export function isCompressible(path, size) {
  return COMPRESSIBLE.has(extname(path).toLowerCase()) && size >= MIN_BYTES && !RENDERED.has(path);
}

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes the .gz and .br siblings of every compressible file under dir and answers what it did.
 * Each sibling is checked to decompress to the original before it is written.
 */
export function precompress(dir) {
  const done = [];
  for (const full of walk(dir)) {
    const path = relative(dir, full).split(sep).join('/');
    if (path.endsWith('.gz') || path.endsWith('.br')) continue;
    const size = statSync(full).size;
    if (!isCompressible(path, size)) continue;
    const original = readFileSync(full);
    const gz = gzipSync(original, { level: 9 });
    const br = brotliCompressSync(original, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    });
    if (!gunzipSync(gz).equals(original) || !brotliDecompressSync(br).equals(original)) {
      throw new Error(`precompress: ${path} does not decompress to itself`);
    }
    writeFileSync(full + '.gz', gz);
    writeFileSync(full + '.br', br);
    done.push({ path, size, gzip: gz.length, brotli: br.length });
  }
  return done;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const done = precompress(dist);
  const sum = (key) => done.reduce((n, f) => n + f[key], 0);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`precompressed ${done.length} files: ${kb(sum('size'))} -> gzip ${kb(sum('gzip'))}, brotli ${kb(sum('brotli'))}`);
}
