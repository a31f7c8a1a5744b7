import { execFile } from 'node:child_process';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

import { multiPagePdf } from './fixtures/generate.js';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const engine = pathToFileURL(path.join(here, '../src/index.ts')).href;

/**
 * A fresh process (this one may have loaded pdfjs already) keeps its built-ins, loads the engine,
 * reads a PDF and answers whether the built-ins are still the same functions. core-js inside pdfjs
 * also replaces Function.prototype.toString so that its versions print as native code: identity is
 * the only honest check.
 */
const PROBE = `
const names = ['Array.prototype.push', 'Function.prototype.toString', 'JSON.parse'];
const at = (name) => name.split('.').reduce((object, key) => object[key], globalThis);
const before = names.map(at);
const { readDocument } = await import(process.env.ENGINE);
const { readFile } = await import('node:fs/promises');
const read = await readDocument(await readFile(process.env.PDF));
console.log(JSON.stringify({
  lines: read.pages.flatMap((page) => page.lines.map((line) => line.text)),
  replaced: names.filter((name, i) => at(name) !== before[i]),
  withResolvers: typeof Promise.withResolvers,
}));
`;

describe('reading PDFs leaves the built-ins native', () => {
  it("keeps Node's own Array.prototype.push after pdfjs and its worker code have run", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'parser-builtins-'));
    try {
      const pdf = path.join(dir, 'invoice.pdf');
      await writeFile(pdf, await multiPagePdf(['Invoice INV-7', 'Total 12.50']));
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx/esm', '--input-type=module', '--eval', PROBE],
        { env: { ...process.env, ENGINE: engine, PDF: pdf }, cwd: here, timeout: 60_000 },
      );
      const probe = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
        lines: string[];
        replaced: string[];
        withResolvers: string;
      };
      expect(probe.lines).toEqual(['Invoice INV-7', 'Total 12.50']);
      // a JavaScript push runs several times slower for every array in the process
      expect(probe.replaced).toEqual([]);
      // what Node 20 lacks stays added: pdfjs needs it
      expect(probe.withResolvers).toBe('function');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
