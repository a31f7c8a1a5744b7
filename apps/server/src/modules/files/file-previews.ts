import { renderedWidthFor, scalePreview } from '@parser/extraction';
import type { FastifyBaseLogger } from 'fastify';

import type { FileRow } from '../../db/schema.js';
import type { Engine } from '../../engine/engine.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { type BlobStorage, getIfStored } from '../../storage/blob-storage.js';

import { type EngineWaits, missingBlob, readFailureMessage } from './engine-waits.js';
import { renderPageJob } from './files.jobs.js';
import { previewStorageKey } from './page-previews.js';

/** A rendered page preview as the route sends it. */
export interface PagePreview {
  bytes: Buffer;
  contentType: 'image/jpeg';
}

export interface FilePreviewsDeps {
  engine: Engine;
  storage: BlobStorage;
  log: FastifyBaseLogger;
  waits: EngineWaits;
  /** A file of the tenant, or 404. */
  get(tenantId: string, fileId: string): Promise<FileRow>;
}

/** Page previews for the review screen: rendered once per page and width, then kept in storage. */
export class FilePreviews {
  constructor(private readonly deps: FilePreviewsDeps) {}

  /**
   * One page as a JPEG `width` pixels wide: from storage when that page was rendered at that
   * width before, otherwise rendered by the job worker (interactive lane) while this request
   * waits, and kept for the next request. A Word document's pages are the ones its text is laid
   * out on when read. A page past the end, and any page of an e-invoice XML (shown as its content),
   * answer 404. 503 ENGINE_BUSY when rendering outlasts the wait.
   */
  async pageImage(
    tenantId: string,
    fileId: string,
    pageNumber: number,
    width: number,
  ): Promise<PagePreview> {
    const file = await this.deps.get(tenantId, fileId);
    if (file.readError) throw new AppError('EXTRACTION_FAILED', { message: file.readError });
    // The page count was taken at upload: a page past it is refused without rendering anything.
    if (file.pages > 0 && pageNumber > file.pages) throw noSuchPage(pageNumber);
    const rendered = await this.renderedPreview(file, pageNumber, renderedWidthFor(width));
    if (width === renderedWidthFor(width)) return rendered;
    return { ...rendered, bytes: await scalePreview(rendered.bytes, width) };
  }

  /**
   * The `file.render-page` job: renders one page and stores it where pageImage looks. Throws
   * AppError 404 for a page past the end or a missing file, 422 for a damaged one.
   */
  async renderPreview(
    tenantId: string,
    fileId: string,
    pageNumber: number,
    width: number,
  ): Promise<void> {
    const file = await this.deps.get(tenantId, fileId);
    const key = previewStorageKey(file.tenantId, file.id, pageNumber, width);
    // A run that stopped after storing it (its worker died) left nothing more to do.
    if (await this.deps.storage.exists(key)) return;
    let bytes: Buffer;
    try {
      bytes = await this.deps.storage.get(file.storageKey);
    } catch (error) {
      throw missingBlob(error, file, this.deps.log);
    }
    let image;
    try {
      image = await this.deps.engine.run('renderPage', [bytes, pageNumber, width], 'interactive');
    } catch (error) {
      throw new AppError('EXTRACTION_FAILED', {
        message: readFailureMessage(error, file.originalFilename, this.deps.log),
        cause: error,
      });
    }
    if (!image) throw noSuchPage(pageNumber);
    await this.deps.storage.put(key, image.bytes);
  }

  /** A page at one of the kept preview widths: from storage, or rendered once by the worker. */
  private async renderedPreview(
    file: { tenantId: string; id: string },
    pageNumber: number,
    width: number,
  ): Promise<PagePreview> {
    const key = previewStorageKey(file.tenantId, file.id, pageNumber, width);
    const deadline = this.deps.waits.deadline();
    for (let round = 0; round < 2; round++) {
      const stored = await this.storedPreview(key);
      if (stored) return stored;
      const jobId = await this.deps.waits.enqueueOnce(
        renderPageJob,
        { tenantId: file.tenantId, fileId: file.id, page: pageNumber, width },
        file.tenantId,
        `file.render-page:${file.id}:${pageNumber}:${width}`,
      );
      if (jobId === undefined) continue;
      const job = await this.deps.waits.waitFor(
        jobId,
        deadline,
        'Showing this page is taking longer than usual. Try again in a minute.',
      );
      this.deps.waits.throwFailedAnswer(job, file.id);
    }
    const stored = await this.storedPreview(key);
    if (stored) return stored;
    // Deleted while it was being rendered.
    throw notFound('File');
  }

  private async storedPreview(key: string): Promise<PagePreview | undefined> {
    const bytes = await getIfStored(this.deps.storage, key);
    return bytes && { bytes, contentType: 'image/jpeg' };
  }
}

const noSuchPage = (pageNumber: number) =>
  new AppError('NOT_FOUND', { message: `This document has no page ${pageNumber}` });
