// The JavaScript the first screen downloads: every script and module preload that the built
// index.html names (the landing, login and sign-up pages come with them; signed-in screens load
// lazily). Prints each file and the total, gzip-compressed as a server sends them.
// Usage: npm run bench:first-screen
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [
  ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g),
].map((match) => match[1]!);

let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  total gzip, ${files.length} files`);
