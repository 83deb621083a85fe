// Measures the JavaScript the login route loads before the form works: the entry script of
// dist/index.html, its modulepreloads, and every chunk they import statically (dynamic import()
// chunks are excluded: they load only after login). Prints gzip sizes; exits 1 over the budget.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 110;
const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const roots = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((m) => join(dist, m[1]));

const seen = new Set();
const queue = [...roots];
while (queue.length) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  // Static imports only: `import ... from "./x.js"`, `import "./x.js"`, `export ... from "./x.js"`.
  for (const m of code.matchAll(/(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*${}\s,]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    queue.push(resolve(dirname(file), m[1]));
  }
}

let total = 0;
for (const file of seen) {
  const gz = gzipSync(readFileSync(file), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${file.slice(dist.length + 1)}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzip JS on the login route (budget ${BUDGET_KB} KB)`);
if (total / 1024 > BUDGET_KB) process.exit(1);
