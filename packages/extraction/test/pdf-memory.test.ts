import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import { describe, expect, it } from 'vitest';

import { openPdf } from '../src/reading/pdf-reader.js';
import { multiPagePdf } from './fixtures/generate.js';

setFlagsFromString('--expose_gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Opens, reads and closes a PDF; answers a weak reference to what pdfjs held for it. */
async function readAndClose(bytes: Uint8Array): Promise<WeakRef<object>> {
  const pdf = await openPdf(bytes);
  await pdf.getPage(1);
  // The transport holds the document's caches, fonts and page objects.
  const transport = new WeakRef((pdf as unknown as { _transport: object })._transport);
  await pdf.destroy();
  return transport;
}

describe('PDF reading memory', () => {
  it('lets go of documents once they are closed', async () => {
    const bytes = await multiPagePdf(['First page', 'Second page']);
    const closed: WeakRef<object>[] = [];
    for (let i = 0; i < 5; i++) closed.push(await readAndClose(bytes));
    for (let round = 0; round < 3; round++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      collectGarbage();
    }
    // pdfjs may keep the most recent document referenced until the next one; never more.
    expect(closed.filter((ref) => ref.deref() !== undefined).length).toBeLessThanOrEqual(1);
  });
});
