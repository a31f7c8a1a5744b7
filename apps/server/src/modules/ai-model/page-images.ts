import type { ReadDocument } from '@parser/extraction';

import type { Database } from '../../db/client.js';
import type { Engine } from '../../engine/engine.js';
import type { BlobStorage } from '../../storage/blob-storage.js';

/** Pages sent to a vision model at most: enough for a receipt, a form or a log sheet. */
const MAX_PAGES = 4;
/** Wide enough for handwriting to stay legible, small enough for a local model's context. */
const IMAGE_WIDTH = 1400;

/**
 * The page images a vision model reads: the pages the engine had to OCR (scans, photos,
 * handwriting), as JPEG. Text-layer and Word pages need none: their text is exact.
 */
export class PageImages {
  constructor(
    private readonly db: Database,
    private readonly storage: BlobStorage,
    private readonly engine: Engine,
  ) {}

  async ofScannedPages(tenantId: string, fileId: string, doc: ReadDocument): Promise<Uint8Array[]> {
    const pages = doc.pages.filter((page) => page.method === 'ocr').slice(0, MAX_PAGES);
    if (pages.length === 0) return [];
    const file = await this.db
      .selectFrom('files')
      .select('storageKey')
      .where('tenantId', '=', tenantId)
      .where('id', '=', fileId)
      .executeTakeFirst();
    if (!file) return [];
    const bytes = await this.storage.get(file.storageKey);
    const images: Uint8Array[] = [];
    for (const page of pages) {
      const image = await this.engine.run('renderPage', [bytes, page.number, IMAGE_WIDTH]);
      if (image) images.push(image.bytes);
    }
    return images;
  }
}
