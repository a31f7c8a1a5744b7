import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

import { afterAll, describe, expect, it } from 'vitest';

import { ocrModelsPreparedIn, readDocument, terminateOcr } from '../src/index.js';
import { receiptJpeg } from './fixtures/generate.js';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const compiled = path.join(here, '../dist/index.js');

afterAll(async () => {
  await terminateOcr();
});

const RECEIPT = ['KEDAI RUNCIT MAJU SDN BHD', '14/03/2024 10:22', 'TOTAL 12.33', 'CASH 22.30'];

/** The compiled package in a process of its own: its reading, and where its models were rewritten. */
const PROBE = `
const engine = await import(process.env.ENGINE);
const { readFile } = await import('node:fs/promises');
const read = await engine.readDocument(await readFile(process.env.IMAGE), 'receipt.jpg');
console.log(JSON.stringify({
  words: read.pages[0].words.map((word) => word.text),
  preparedIn: engine.ocrModelsPreparedIn(),
}));
await engine.terminateOcr();
`;

describe('preparing the OCR models', () => {
  it('rewrites them off the calling thread when the package runs compiled, reading the same words, also from an ES module --eval with a V8 option', async () => {
    // The package's test script runs after its build (npm test builds it first).
    expect(existsSync(compiled), `${compiled} is built by npm run build`).toBe(true);
    const image = await receiptJpeg(RECEIPT);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'parser-models-'));
    try {
      const file = path.join(dir, 'receipt.jpg');
      await writeFile(file, image);
      // run as --eval of an ES module: the workers' own sources must not take that option over;
      // with a V8 option too, which worker threads refuse
      const args = ['--expose-gc', '--input-type=module', '--eval', PROBE];
      const { stdout } = await run(process.execPath, args, {
        env: { ...process.env, ENGINE: pathToFileURL(compiled).href, IMAGE: file },
        timeout: 120_000,
      });
      const probe = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
        words: string[];
        preparedIn: string;
      };
      // the server's event loop is not held while the graphs are rewritten
      expect(probe.preparedIn).toBe('worker');

      // From the TypeScript sources the worker could not import the rewriter: this thread does it.
      const inProcess = await readDocument(image, 'receipt.jpg');
      expect(ocrModelsPreparedIn()).toBe('calling thread');
      expect(probe.words).toEqual(inProcess.pages[0]!.words.map((word) => word.text));
      expect(probe.words).toContain('12.33');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
