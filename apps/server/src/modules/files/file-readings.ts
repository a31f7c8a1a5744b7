import type { TextLayer } from '@parser/contracts';
import {
  type EnginePriority,
  isEngineStopped,
  type PackedReading,
  READER_VERSION,
  type ReadDocument,
  unpackReading,
} from '@parser/extraction';
import type { FastifyBaseLogger } from 'fastify';

import type { FileRow } from '../../db/schema.js';
import type { Engine } from '../../engine/engine.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { BlobStorage } from '../../storage/blob-storage.js';

import { type EngineWaits, missingBlob, readFailureMessage } from './engine-waits.js';
import { readFileJob } from './files.jobs.js';
import type { FilesRepository } from './files.repository.js';

export interface FileReadingsDeps {
  files: FilesRepository;
  engine: Engine;
  storage: BlobStorage;
  log: FastifyBaseLogger;
  waits: EngineWaits;
  /** A file of the tenant, or 404. */
  get(tenantId: string, fileId: string): Promise<FileRow>;
  /** Told how long the engine took to read a document (metrics per page and method). */
  observeReading?: ((document: ReadDocument, seconds: number) => void) | undefined;
}

/**
 * The engine's reading of a file (words with boxes per page, OCR included), done once per reader
 * version and kept in file_readings, however often the file is extracted, tested or shown.
 */
export class FileReadings {
  /** Reads in progress by file id, so concurrent requests for one file share one OCR run. */
  private readonly reading = new Map<string, Promise<ReadDocument>>();

  constructor(private readonly deps: FileReadingsDeps) {}

  /**
   * The reading, done in this process: for job handlers. Requests use awaitReading, which hands
   * the work to the worker. A file that cannot be read answers 422 EXTRACTION_FAILED with the
   * reason. Never call this inside a transaction.
   */
  async read(
    tenantId: string,
    fileId: string,
    priority: EnginePriority = 'background',
  ): Promise<ReadDocument> {
    const file = await this.deps.get(tenantId, fileId);
    // inspectDocument at upload already proved the file unreadable; reading again would fail the same way.
    if (file.readError) throw new AppError('EXTRACTION_FAILED', { message: file.readError });
    const pending = this.reading.get(file.id);
    if (pending) return pending;
    const reading = this.readAndCache(file, priority).finally(() => this.reading.delete(file.id));
    this.reading.set(file.id, reading);
    return reading;
  }

  /**
   * The reading for a request that waits for it: kept from before, otherwise read by the job
   * worker (interactive lane, so uploads being extracted do not hold it up) while this request
   * waits on the job row. Same answers as read(): 422 EXTRACTION_FAILED for an unreadable file,
   * 404 for a missing one; 503 ENGINE_BUSY when the reading takes longer than the wait (it goes
   * on, and the next request finds it kept).
   */
  async awaitReading(tenantId: string, fileId: string): Promise<ReadDocument> {
    const file = await this.deps.get(tenantId, fileId);
    if (file.readError) throw new AppError('EXTRACTION_FAILED', { message: file.readError });
    const deadline = this.deps.waits.deadline();
    // Twice at most: a job holding the dedupe key may finish between our insert and our lookup.
    for (let round = 0; round < 2; round++) {
      const cached = await this.keptReading(file);
      if (cached) return cached;
      const jobId = await this.deps.waits.enqueueOnce(
        readFileJob,
        { tenantId: file.tenantId, fileId: file.id },
        file.tenantId,
        `file.read:${file.id}`,
      );
      if (jobId === undefined) continue;
      const job = await this.deps.waits.waitFor(
        jobId,
        deadline,
        'Reading this document is taking longer than usual; it goes on in the background. ' +
          'Try again in a minute.',
      );
      this.deps.waits.throwFailedAnswer(job, fileId);
    }
    const cached = await this.keptReading(file);
    if (cached) return cached;
    // Deleted while it was being read.
    throw notFound('File');
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
      throw missingBlob(error, file, this.deps.log);
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
        message: readFailureMessage(error, file.originalFilename, this.deps.log),
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
}
