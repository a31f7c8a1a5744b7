import { createHash, randomUUID } from 'node:crypto';

import type { TextLayer, UploadedFile } from '@parser/contracts';
import { type EnginePriority, type ReadDocument, sniffFormat } from '@parser/extraction';
import type { FastifyBaseLogger } from 'fastify';

import type { DbExecutor } from '../../db/client.js';
import type { FileRow } from '../../db/schema.js';
import type { Engine } from '../../engine/engine.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { JobsRepository } from '../../jobs/jobs.repository.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import type { TenantAuth } from '../../plugins/auth.js';
import type { BlobStorage, BlobStream } from '../../storage/blob-storage.js';

import { EngineWaits, missingBlob } from './engine-waits.js';
import { cleanFileName, CONTENT_TYPES, describeUpload } from './file-content.js';
import { type PagePreview, FilePreviews } from './file-previews.js';
import { FileReadings } from './file-readings.js';
import type { InspectFileResult } from './files.jobs.js';
import type { FilesRepository } from './files.repository.js';
import { UploadChecks } from './upload-checks.js';

export type { PagePreview } from './file-previews.js';

export interface FilesDeps {
  files: FilesRepository;
  /** Reads, checks and renders documents off the event loop, within its limits. */
  engine: Engine;
  storage: BlobStorage;
  log: FastifyBaseLogger;
  /**
   * The job queue that does the engine work requests wait for: checking an upload, reading a
   * file, rendering a page preview (see awaitReading).
   */
  jobs: { queue: JobQueue; repository: JobsRepository };
  /** How long a request waits for engine work before answering 503. @default 120 s */
  readWaitMs?: number;
  /** Told how long the engine took to read a document (metrics per page and method). */
  observeReading?: (document: ReadDocument, seconds: number) => void;
}

/** An uploaded file as the multipart reader hands it over. */
export interface IncomingFile {
  fileName: string | undefined;
  bytes: Buffer;
}

const ACCEPTED =
  'Upload a PDF, PNG, JPEG, TIFF, DOC or DOCX file, or an e-invoice XML (UBL or CII).';

/** The blob key of a document file. */
export const fileStorageKey = (tenantId: string, fileId: string) => `${tenantId}/${fileId}`;

/**
 * Uploaded documents: stored by content type detected from their bytes, read by the engine once
 * (the reading is kept per reader version) however often they are suggested from, tested,
 * extracted or shown as a text layer, with page previews rendered once per width.
 */
export class FilesService {
  private readonly readings: FileReadings;
  private readonly previews: FilePreviews;
  private readonly checks: UploadChecks;

  constructor(private readonly deps: FilesDeps) {
    const waits = new EngineWaits(deps);
    const get = (tenantId: string, fileId: string) => this.get(tenantId, fileId);
    this.readings = new FileReadings({ ...deps, waits, get });
    this.previews = new FilePreviews({ ...deps, waits, get });
    this.checks = new UploadChecks({ ...deps, waits });
  }

  async upload(auth: TenantAuth, incoming: IncomingFile | null): Promise<UploadedFile> {
    if (!incoming) {
      throw new AppError('VALIDATION_FAILED', {
        message: 'Choose a file to upload (multipart part "file")',
      });
    }
    const { bytes } = incoming;
    if (bytes.length === 0)
      throw new AppError('VALIDATION_FAILED', { message: 'The file is empty' });
    const format = sniffFormat(bytes);
    if (!format) {
      throw new AppError('UNSUPPORTED_FILE', {
        message: `Unsupported file type: ${describeUpload(bytes, incoming.fileName)}. ${ACCEPTED}`,
      });
    }
    const fileName = cleanFileName(incoming.fileName, format === 'jpeg' ? 'jpg' : format);

    const id = randomUUID();
    const storageKey = fileStorageKey(auth.tenantId, id);
    // Stored first: the worker that checks the document may run in another process. The row is
    // inserted once the check is in, so a file is never listed with an unknown page count.
    await this.deps.storage.put(storageKey, bytes);
    let row: FileRow;
    try {
      // A damaged or password-protected document is kept (the user sees why it cannot be used);
      // its page count is 0 and the reason is stored with it.
      const inspection = await this.checks.awaitInspection(auth.tenantId, storageKey, fileName);
      const pages = 'pages' in inspection ? inspection.pages : 0;
      const readError = 'error' in inspection ? inspection.error : null;
      row = await this.deps.files.insert({
        id,
        tenantId: auth.tenantId,
        storageKey,
        originalFilename: fileName,
        contentType: CONTENT_TYPES[format],
        format,
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        pages,
        readError,
        uploadedBy: auth.userId,
      });
    } catch (error) {
      await this.deps.storage.delete(storageKey);
      throw error;
    }
    return toUploadedFile(row);
  }

  /** A file of the tenant, or 404 (also for another tenant's id). */
  async get(tenantId: string, fileId: string): Promise<FileRow> {
    const file = await this.deps.files.findById(tenantId, assertId(fileId, 'File'));
    if (!file) throw notFound('File');
    return file;
  }

  /** The tenant's files among `ids`; ids of other tenants are absent. */
  findMany(tenantId: string, ids: readonly string[], trx?: DbExecutor): Promise<FileRow[]> {
    return this.deps.files.findManyByIds(tenantId, ids, trx);
  }

  /** The file's row and its bytes as a stream, for viewing. */
  async open(tenantId: string, fileId: string): Promise<{ file: FileRow; blob: BlobStream }> {
    const file = await this.get(tenantId, fileId);
    try {
      return { file, blob: await this.deps.storage.open(file.storageKey) };
    } catch (error) {
      throw missingBlob(error, file, this.deps.log);
    }
  }

  /** Deletes stored bytes after their rows are gone; a failure is logged, not raised. */
  async removeBlobs(storageKeys: readonly string[]): Promise<void> {
    for (const key of storageKeys) {
      try {
        await this.deps.storage.delete(key);
      } catch (error) {
        this.deps.log.warn({ err: error, key }, 'could not delete the content of a removed file');
      }
    }
  }

  /**
   * The engine's reading of a file, read in this process: for job handlers. Requests use
   * awaitReading. 422 EXTRACTION_FAILED with the reason for a file that cannot be read.
   */
  read(tenantId: string, fileId: string, priority?: EnginePriority): Promise<ReadDocument> {
    return this.readings.read(tenantId, fileId, priority);
  }

  /** The engine's reading for a request that waits, read by the job worker (see FileReadings). */
  awaitReading(tenantId: string, fileId: string): Promise<ReadDocument> {
    return this.readings.awaitReading(tenantId, fileId);
  }

  /** The engine's text with word boxes, page by page. */
  textLayer(tenantId: string, fileId: string): Promise<TextLayer> {
    return this.readings.textLayer(tenantId, fileId);
  }

  /** One page as a JPEG `width` pixels wide, for the review preview (see FilePreviews). */
  pageImage(
    tenantId: string,
    fileId: string,
    pageNumber: number,
    width: number,
  ): Promise<PagePreview> {
    return this.previews.pageImage(tenantId, fileId, pageNumber, width);
  }

  /** The `file.render-page` job: renders one page into storage. */
  renderPreview(tenantId: string, fileId: string, pageNumber: number, width: number) {
    return this.previews.renderPreview(tenantId, fileId, pageNumber, width);
  }

  /** The `file.inspect` job: the page count of a stored upload, or why it cannot be read. */
  inspectStored(storageKey: string, fileName: string): Promise<InspectFileResult> {
    return this.checks.inspectStored(storageKey, fileName);
  }
}

export const toUploadedFile = (file: FileRow): UploadedFile => ({
  fileId: file.id,
  pages: file.pages,
  fileName: file.originalFilename,
  contentType: file.contentType,
  size: Number(file.sizeBytes),
  sha256: file.sha256,
  error: file.readError,
});
