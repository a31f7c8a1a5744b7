import { createHash, randomUUID } from 'node:crypto';

import type { FileExtractionResponse, TextLayer, UploadedFile } from '@parser/contracts';
import {
  type EnginePriority,
  isDocumentReadError,
  isEngineStopped,
  type PackedReading,
  READER_VERSION,
  type ReadDocument,
  renderedWidthFor,
  scalePreview,
  sniffFormat,
  unpackReading,
} from '@parser/extraction';
import type { FastifyBaseLogger } from 'fastify';

import type { FileRow, JobRow } from '../../db/schema.js';
import { type Engine, runForRequest } from '../../engine/engine.js';
import type { JobSpec } from '../../jobs/job-definition.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { JobGoneError, JobWaitTimeoutError, waitForJob } from '../../jobs/job-waiter.js';
import type { JobsRepository } from '../../jobs/jobs.repository.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import type { TenantAuth } from '../../plugins/auth.js';
import {
  BlobNotFoundError,
  type BlobStorage,
  type BlobStream,
  getIfStored,
} from '../../storage/blob-storage.js';

import { cleanFileName, CONTENT_TYPES, describeUpload } from './file-content.js';
import {
  inspectFileJob,
  InspectFileResult,
  readFileJob,
  ReadFileResult,
  renderPageJob,
} from './files.jobs.js';
import type { FilesRepository } from './files.repository.js';
import { previewStorageKey } from './page-previews.js';

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

/** A rendered page preview as the route sends it. */
export interface PagePreview {
  bytes: Buffer;
  contentType: 'image/jpeg';
}

/** An uploaded file as the multipart reader hands it over. */
export interface IncomingFile {
  fileName: string | undefined;
  bytes: Buffer;
}

const UNREADABLE = 'The file could not be read. Upload another copy of the document.';
const ACCEPTED =
  'Upload a PDF, PNG, JPEG, TIFF, DOC or DOCX file, or an e-invoice XML (UBL or CII).';

/** The blob key of a document file. */
export const fileStorageKey = (tenantId: string, fileId: string) => `${tenantId}/${fileId}`;

/**
 * Uploaded documents: stored by content type detected from their bytes, read by the engine once
 * (the reading is cached per reader version) however often they are suggested from, tested,
 * extracted or shown as a text layer.
 */
export class FilesService {
  /** Reads in progress by file id, so concurrent requests for one file share one OCR run. */
  private readonly reading = new Map<string, Promise<ReadDocument>>();

  constructor(private readonly deps: FilesDeps) {}

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
      const inspection = await this.awaitInspection(auth.tenantId, storageKey, fileName);
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

  /** The file's row and its bytes as a stream, for viewing. */
  async open(tenantId: string, fileId: string): Promise<{ file: FileRow; blob: BlobStream }> {
    const file = await this.get(tenantId, fileId);
    try {
      return { file, blob: await this.deps.storage.open(file.storageKey) };
    } catch (error) {
      throw this.missingBlob(error, file);
    }
  }

  /**
   * What the engine reads in a file (words with boxes per page, OCR included), read in this
   * process: for job handlers. Requests use awaitReading, which hands the work to the worker.
   * Cached in file_readings per reader version, so each file is OCR'd once. A file that cannot be
   * read answers 422 EXTRACTION_FAILED with the reason. Never call this inside a transaction.
   */
  async read(
    tenantId: string,
    fileId: string,
    priority: EnginePriority = 'background',
  ): Promise<ReadDocument> {
    const file = await this.get(tenantId, fileId);
    // inspectDocument at upload already proved the file unreadable; reading again would fail the same way.
    if (file.readError) throw new AppError('EXTRACTION_FAILED', { message: file.readError });
    const pending = this.reading.get(file.id);
    if (pending) return pending;
    const reading = this.readAndCache(file, priority).finally(() => this.reading.delete(file.id));
    this.reading.set(file.id, reading);
    return reading;
  }

  /**
   * The engine's reading of a file for a request that waits for it: from the cache when the file
   * was read before, otherwise read by the job worker (interactive lane, so uploads being
   * extracted do not hold it up) while this request waits on the job row. Same answers as read():
   * 422 EXTRACTION_FAILED for an unreadable file, 404 for a missing one; 503 ENGINE_BUSY when the
   * reading takes longer than the wait (it goes on, and the next request finds it cached).
   */
  async awaitReading(tenantId: string, fileId: string): Promise<ReadDocument> {
    const file = await this.get(tenantId, fileId);
    if (file.readError) throw new AppError('EXTRACTION_FAILED', { message: file.readError });
    const deadline = Date.now() + this.waitMs();
    // Twice at most: a job holding the dedupe key may finish between our insert and our lookup.
    for (let round = 0; round < 2; round++) {
      const cached = await this.keptReading(file);
      if (cached) return cached;
      const jobId = await this.enqueueOnce(
        readFileJob,
        { tenantId: file.tenantId, fileId: file.id },
        file.tenantId,
        `file.read:${file.id}`,
      );
      if (jobId === undefined) continue;
      const job = await this.waitForEngine(
        jobId,
        deadline,
        'Reading this document is taking longer than usual; it goes on in the background. ' +
          'Try again in a minute.',
      );
      this.throwFailedAnswer(job, fileId);
    }
    const cached = await this.keptReading(file);
    if (cached) return cached;
    // Deleted while it was being read.
    throw notFound('File');
  }

  /**
   * One page as a JPEG `width` pixels wide, for the review preview: from storage when that page
   * was rendered at that width before, otherwise rendered by the job worker (interactive lane)
   * while this request waits, and kept for the next request. Word documents have no fixed pages
   * to show, and a page past the end does not exist: both answer 404. 503 ENGINE_BUSY as for
   * awaitReading.
   */
  async pageImage(
    tenantId: string,
    fileId: string,
    pageNumber: number,
    width: number,
  ): Promise<PagePreview> {
    const file = await this.get(tenantId, fileId);
    if (file.readError) throw new AppError('EXTRACTION_FAILED', { message: file.readError });
    if (file.format === 'docx' || file.format === 'doc') {
      throw new AppError('NOT_FOUND', { message: 'Word documents have no page preview' });
    }
    // The page count was taken at upload: a page past it is refused without rendering anything.
    if (file.pages > 0 && pageNumber > file.pages) throw noSuchPage(pageNumber);
    const rendered = await this.renderedPreview(file, pageNumber, renderedWidthFor(width));
    if (width === renderedWidthFor(width)) return rendered;
    return { ...rendered, bytes: await scalePreview(rendered.bytes, width) };
  }

  /** A page at one of the kept preview widths: from storage, or rendered once by the worker. */
  private async renderedPreview(
    file: { tenantId: string; id: string },
    pageNumber: number,
    width: number,
  ): Promise<PagePreview> {
    const fileId = file.id;
    const key = previewStorageKey(file.tenantId, file.id, pageNumber, width);
    const deadline = Date.now() + this.waitMs();
    for (let round = 0; round < 2; round++) {
      const stored = await this.storedPreview(key);
      if (stored) return stored;
      const jobId = await this.enqueueOnce(
        renderPageJob,
        { tenantId: file.tenantId, fileId: file.id, page: pageNumber, width },
        file.tenantId,
        `file.render-page:${file.id}:${pageNumber}:${width}`,
      );
      if (jobId === undefined) continue;
      const job = await this.waitForEngine(
        jobId,
        deadline,
        'Showing this page is taking longer than usual. Try again in a minute.',
      );
      this.throwFailedAnswer(job, fileId);
    }
    const stored = await this.storedPreview(key);
    if (stored) return stored;
    // Deleted while it was being rendered.
    throw notFound('File');
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
    const file = await this.get(tenantId, fileId);
    const key = previewStorageKey(file.tenantId, file.id, pageNumber, width);
    // A run that stopped after storing it (its worker died) left nothing more to do.
    if (await this.deps.storage.exists(key)) return;
    let bytes: Buffer;
    try {
      bytes = await this.deps.storage.get(file.storageKey);
    } catch (error) {
      throw this.missingBlob(error, file);
    }
    let image;
    try {
      image = await this.deps.engine.run('renderPage', [bytes, pageNumber, width], 'interactive');
    } catch (error) {
      throw new AppError('EXTRACTION_FAILED', {
        message: this.readFailureMessage(error, file.originalFilename),
        cause: error,
      });
    }
    if (!image) throw noSuchPage(pageNumber);
    await this.deps.storage.put(key, image.bytes);
  }

  /**
   * The `file.inspect` job: the page count of a stored upload, or why it cannot be read (the
   * engine's words for people). Throws only when the storage fails, so the job is retried.
   */
  async inspectStored(storageKey: string, fileName: string): Promise<InspectFileResult> {
    const bytes = await getIfStored(this.deps.storage, storageKey);
    // The upload gave up waiting and removed it; nobody reads this answer.
    if (!bytes) return { error: 'The file is no longer stored.' };
    try {
      const inspected = await this.deps.engine.run('inspect', [bytes, fileName], 'interactive');
      return { pages: inspected.pages };
    } catch (error) {
      return { error: this.readFailureMessage(error, fileName) };
    }
  }

  /** An upload's check by the job worker, while the upload waits. */
  private async awaitInspection(
    tenantId: string,
    storageKey: string,
    fileName: string,
  ): Promise<InspectFileResult> {
    const jobId = await this.deps.jobs.queue.enqueue(
      inspectFileJob,
      { tenantId, storageKey, fileName },
      { tenantId },
    );
    const job = await this.waitForEngine(
      jobId!,
      Date.now() + this.waitMs(),
      'Checking this document is taking longer than usual; nothing was stored. ' +
        'Upload it again in a minute.',
    );
    const outcome = InspectFileResult.safeParse(job.result);
    if (!outcome.success) {
      // Only a storage failure gets here: every fault of the document itself is an answer.
      throw new Error(`Checking an uploaded file failed: ${job.lastError ?? 'no answer'}`);
    }
    return outcome.data;
  }

  private waitMs(): number {
    return this.deps.readWaitMs ?? 120_000;
  }

  /** The id of the job doing the work: a new one, or the one already queued or running. */
  private async enqueueOnce<P>(
    spec: JobSpec<P>,
    payload: P,
    tenantId: string,
    dedupeKey: string,
  ): Promise<number | undefined> {
    const created = await this.deps.jobs.queue.enqueue(spec, payload, { tenantId, dedupeKey });
    return created ?? (await this.deps.jobs.repository.findUnfinishedByDedupeKey(dedupeKey))?.id;
  }

  /**
   * The finished row of a job a request waits for. Past `deadline` answers 503 ENGINE_BUSY with
   * Retry-After: the job goes on, and the next request finds its work done.
   */
  private async waitForEngine(jobId: number, deadline: number, busy: string): Promise<JobRow> {
    try {
      return await waitForJob(this.deps.jobs.repository, jobId, deadline - Date.now());
    } catch (error) {
      // Removed with its file while the work was under way.
      if (error instanceof JobGoneError) throw notFound('File');
      if (!(error instanceof JobWaitTimeoutError)) throw error;
      throw new AppError('ENGINE_BUSY', { message: busy, headers: { 'Retry-After': '60' } });
    }
  }

  /** Answers a finished job's refusal (damaged file, missing page) as the request's own. */
  private throwFailedAnswer(job: JobRow, fileId: string): void {
    const outcome = ReadFileResult.safeParse(job.result ?? {});
    if (outcome.success && outcome.data.error) {
      throw new AppError(outcome.data.error.code, { message: outcome.data.error.message });
    }
    if (job.status === 'failed') {
      this.deps.log.warn(
        { jobId: job.id, job: job.name, fileId, error: job.lastError },
        'engine work on a file failed',
      );
      throw new AppError('EXTRACTION_FAILED', { message: UNREADABLE });
    }
  }

  private async storedPreview(key: string): Promise<PagePreview | undefined> {
    const bytes = await getIfStored(this.deps.storage, key);
    return bytes && { bytes, contentType: 'image/jpeg' };
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

  /** Quick Setup: the fields and tables an example document suggests, with the values printed on it. */
  async suggest(tenantId: string, fileId: string): Promise<FileExtractionResponse> {
    const doc = await this.awaitReading(tenantId, fileId);
    const { schema, found } = await runForRequest(this.deps.engine, 'suggest', [doc]);
    const fields: FileExtractionResponse['extraction_result']['fields'] = {};
    for (const field of schema.fields) {
      const value = found.fields[field.key]?.value;
      fields[field.key] = {
        label: field.label,
        type: field.type,
        value: value === null || value === undefined ? null : String(value),
      };
    }
    const tables: FileExtractionResponse['extraction_result']['tables'] = {};
    for (const table of schema.tables) {
      tables[table.key] = {
        label: table.label,
        columns: Object.fromEntries(
          table.columns.map((column) => [column.key, { label: column.label, type: column.type }]),
        ),
      };
    }
    return { extraction_result: { fields, tables } };
  }

  /** The engine's text with word boxes, page by page. */
  async textLayer(tenantId: string, fileId: string): Promise<TextLayer> {
    const doc = await this.awaitReading(tenantId, fileId);
    return {
      fileId,
      pages: doc.pages.map((page) => ({
        number: page.number,
        width: page.width,
        height: page.height,
        method: page.method,
        text: page.lines.map((line) => line.text).join('\n'),
        words: page.words.map((word) => ({
          text: word.text,
          box: word.box,
          confidence: word.confidence,
        })),
      })),
    };
  }

  /** The reading kept for a file by this reader version, if any. */
  private async keptReading(file: FileRow): Promise<ReadDocument | undefined> {
    const kept = await this.deps.files.findReading(file.tenantId, file.id, READER_VERSION);
    if (!kept) return undefined;
    return kept.packed ? unpackReading(kept.packed) : (kept.reading as ReadDocument);
  }

  private async readAndCache(file: FileRow, priority: EnginePriority): Promise<ReadDocument> {
    const cached = await this.keptReading(file);
    if (cached) return cached;

    let bytes: Buffer;
    try {
      bytes = await this.deps.storage.get(file.storageKey);
    } catch (error) {
      throw this.missingBlob(error, file);
    }
    let doc: ReadDocument;
    let kept: PackedReading;
    const readStarted = performance.now();
    try {
      // Packed in the engine thread too, so this thread never serialises a large reading.
      ({ document: doc, kept } = await this.deps.engine.run(
        'read',
        [bytes, file.originalFilename],
        priority,
      ));
      this.deps.observeReading?.(doc, (performance.now() - readStarted) / 1000);
    } catch (error) {
      // Counted by the job queue, which tries once more before failing the document for good.
      if (isEngineStopped(error)) throw error;
      throw new AppError('EXTRACTION_FAILED', {
        message: this.readFailureMessage(error, file.originalFilename),
        cause: error,
      });
    }
    try {
      await this.deps.files.saveReading(file.tenantId, file.id, READER_VERSION, kept);
    } catch (error) {
      // The file may have been deleted meanwhile; the reading is still good for this request.
      this.deps.log.warn({ err: error, fileId: file.id }, 'could not cache the reading of a file');
    }
    return doc;
  }

  /** The engine's explanation for people, or a generic one for an unexpected failure (logged). */
  private readFailureMessage(error: unknown, fileName: string): string {
    if (isDocumentReadError(error)) return error.userMessage;
    if (isEngineStopped(error)) return error.message;
    this.deps.log.warn({ err: error, fileName }, 'the document engine failed on a file');
    return UNREADABLE;
  }

  private missingBlob(error: unknown, file: FileRow): unknown {
    if (!(error instanceof BlobNotFoundError)) return error;
    this.deps.log.error(
      { fileId: file.id, key: file.storageKey },
      'stored file content is missing',
    );
    return new AppError('NOT_FOUND', { message: 'The content of this file is no longer stored' });
  }
}

const noSuchPage = (pageNumber: number) =>
  new AppError('NOT_FOUND', { message: `This document has no page ${pageNumber}` });

export const toUploadedFile = (file: FileRow): UploadedFile => ({
  fileId: file.id,
  pages: file.pages,
  fileName: file.originalFilename,
  contentType: file.contentType,
  size: Number(file.sizeBytes),
  sha256: file.sha256,
  error: file.readError,
});
