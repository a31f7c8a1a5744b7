import { createHash, randomUUID } from 'node:crypto';

import type { RagDocument } from '@parser/contracts';
import { isDocumentReadError, isEngineStopped, sniffFormat } from '@parser/extraction';
import type { FastifyBaseLogger } from 'fastify';

import type { DbExecutor } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { JobWaitTimeoutError, waitForJob } from '../../jobs/job-waiter.js';
import type { JobsRepository } from '../../jobs/jobs.repository.js';
import type { Engine } from '../../engine/engine.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import type { TenantAuth } from '../../plugins/auth.js';
import { type BlobStorage, getIfStored } from '../../storage/blob-storage.js';
import { cleanFileName, decodeText, describeUpload, extensionOf } from '../files/file-content.js';
import type { MultipartUpload } from '../files/multipart-upload.js';

import { readKnowledgeTextJob, ReadKnowledgeTextResult } from './rag.jobs.js';
import type { RagDocumentSummary, RagRepository } from './rag.repository.js';

export type { RagDocumentSummary } from './rag.repository.js';

/** The knowledge list is shown whole in the wizard; the cap keeps one answer bounded. */
const LIST_LIMIT = 500;
const ACCEPTED = 'Knowledge documents can be PDF, CSV, plain text, PNG or JPEG files.';
const FORMAT_NAMES = { tiff: 'a TIFF image', doc: 'a Word document', docx: 'a Word document' };

export interface RagDeps {
  rag: RagRepository;
  storage: BlobStorage;
  log: FastifyBaseLogger;
  /** The job queue that reads PDFs and images (OCR) while the upload waits. */
  jobs: { queue: JobQueue; repository: JobsRepository };
  engine: Engine;
  /** How long an upload waits for the text before answering 503. @default 120 s */
  readWaitMs?: number;
}

/** What a knowledge document is, decided from its bytes. */
type Kind =
  | { kind: 'document'; contentType: 'application/pdf' | 'image/png' | 'image/jpeg' }
  | { kind: 'text'; contentType: string; text: string };

export const ragStorageKey = (tenantId: string, id: string) => `${tenantId}/rag/${id}`;

/**
 * Knowledge documents the agents read. Their text is extracted once, at upload (OCR for scans and
 * images, by the job worker), and kept with them; a file without readable text is refused. The
 * same file uploaded again by the company reuses the text already read.
 */
export class RagService {
  constructor(private readonly deps: RagDeps) {}

  async list(auth: TenantAuth): Promise<RagDocument[]> {
    const documents = await this.deps.rag.list(auth.tenantId, LIST_LIMIT);
    return documents.map(toRagDocument);
  }

  /** The company's knowledge documents among `ids`, without their text; others' ids are absent. */
  findByIds(
    tenantId: string,
    ids: readonly string[],
    trx?: DbExecutor,
  ): Promise<RagDocumentSummary[]> {
    return this.deps.rag.findByIds(tenantId, ids, trx);
  }

  async upload(auth: TenantAuth, upload: MultipartUpload): Promise<{ id: string; name: string }> {
    const name = (upload.fields.name ?? '').trim();
    const description = (upload.fields.description ?? '').trim();
    if (!upload.file || !name) {
      throw new AppError('VALIDATION_FAILED', {
        message: 'Missing Information: Please select a file and enter a name.',
      });
    }
    if (name.length > 200) {
      throw new AppError('VALIDATION_FAILED', { message: 'Name is at most 200 characters' });
    }
    if (description.length > 2000) {
      throw new AppError('VALIDATION_FAILED', {
        message: 'Description is at most 2000 characters',
      });
    }
    const { bytes } = upload.file;
    if (bytes.length === 0)
      throw new AppError('VALIDATION_FAILED', { message: 'The file is empty' });

    const kind = kindOf(bytes, upload.file.fileName);
    const fileName = cleanFileName(upload.file.fileName, extensionFor(kind.contentType));
    const sha256 = createHash('sha256').update(bytes).digest('hex');

    const id = randomUUID();
    const storageKey = ragStorageKey(auth.tenantId, id);
    // Stored first: the worker that reads the text may run in another process.
    await this.deps.storage.put(storageKey, bytes);
    try {
      const text = (
        kind.kind === 'text'
          ? kind.text
          : await this.documentText(auth.tenantId, sha256, storageKey, fileName)
      ).trim();
      if (!text) {
        throw new AppError('EXTRACTION_FAILED', {
          message: 'No text could be read from this file. Knowledge documents need readable text.',
        });
      }
      await this.deps.rag.insert({
        id,
        tenantId: auth.tenantId,
        name,
        description,
        originalFilename: fileName,
        contentType: kind.contentType,
        sizeBytes: bytes.length,
        sha256,
        storageKey,
        text,
        uploadedBy: auth.userId,
      });
    } catch (error) {
      await this.deps.storage.delete(storageKey);
      throw error;
    }
    return { id, name };
  }

  async delete(auth: TenantAuth, id: string): Promise<void> {
    const storageKey = await this.deps.rag.delete(
      auth.tenantId,
      assertId(id, 'Knowledge document'),
    );
    if (!storageKey) throw notFound('Knowledge document');
    try {
      await this.deps.storage.delete(storageKey);
    } catch (error) {
      this.deps.log.warn({ err: error, id }, 'could not delete a knowledge document file');
    }
  }

  /**
   * The text of a stored PDF or image: the company's earlier reading of the same bytes, or one by
   * the job worker (interactive lane) while the upload waits.
   */
  private async documentText(
    tenantId: string,
    sha256: string,
    storageKey: string,
    fileName: string,
  ): Promise<string> {
    const known = await this.deps.rag.findTextBySha256(tenantId, sha256);
    if (known !== undefined) return known;
    const jobId = await this.deps.jobs.queue.enqueue(
      readKnowledgeTextJob,
      { tenantId, storageKey, fileName },
      { tenantId },
    );
    let job;
    try {
      job = await waitForJob(this.deps.jobs.repository, jobId!, this.deps.readWaitMs ?? 120_000);
    } catch (error) {
      if (!(error instanceof JobWaitTimeoutError)) throw error;
      throw new AppError('ENGINE_BUSY', {
        message: 'Reading this document is taking longer than usual. Try again in a few minutes.',
        headers: { 'Retry-After': '120' },
      });
    }
    const outcome = ReadKnowledgeTextResult.safeParse(job.result);
    if (!outcome.success) {
      this.deps.log.warn({ jobId, error: job.lastError }, 'reading a knowledge document failed');
      throw new AppError('EXTRACTION_FAILED', {
        message: 'The text of this file cannot be read. The file is damaged and cannot be read.',
      });
    }
    if ('error' in outcome.data) {
      throw new AppError('EXTRACTION_FAILED', { message: outcome.data.error });
    }
    return outcome.data.text;
  }

  /** The `rag.read-text` job: reads a stored knowledge document's text. */
  async readStoredText(storageKey: string, fileName: string): Promise<ReadKnowledgeTextResult> {
    const bytes = await getIfStored(this.deps.storage, storageKey);
    // The upload gave up waiting and removed it.
    if (!bytes) return { error: 'The file is no longer stored.' };
    try {
      return { text: await this.readText(bytes, fileName) };
    } catch (error) {
      if (error instanceof AppError) return { error: error.message };
      throw error;
    }
  }

  /** The text of a PDF or an image, OCR'd when it has no text layer. */
  private async readText(bytes: Uint8Array, fileName: string): Promise<string> {
    try {
      return await this.deps.engine.run('readText', [bytes, fileName], 'interactive');
    } catch (error) {
      if (isEngineStopped(error)) {
        throw new AppError('EXTRACTION_FAILED', { message: error.message, cause: error });
      }
      if (!isDocumentReadError(error)) {
        this.deps.log.warn({ err: error, fileName }, 'the document engine failed on a file');
      }
      const reason = isDocumentReadError(error)
        ? error.userMessage
        : 'The file is damaged and cannot be read.';
      throw new AppError('EXTRACTION_FAILED', {
        message: `The text of this file cannot be read. ${reason}`,
        cause: error,
      });
    }
  }
}

/** PDF, PNG and JPEG by their bytes; CSV and plain text when the bytes are text; else 415. */
function kindOf(bytes: Uint8Array, fileName: string | undefined): Kind {
  const format = sniffFormat(bytes);
  switch (format) {
    case 'pdf':
      return { kind: 'document', contentType: 'application/pdf' };
    case 'png':
      return { kind: 'document', contentType: 'image/png' };
    case 'jpeg':
      return { kind: 'document', contentType: 'image/jpeg' };
    case 'tiff':
    case 'doc':
    case 'docx':
      throw new AppError('UNSUPPORTED_FILE', {
        message: `Unsupported file type: ${FORMAT_NAMES[format]}. ${ACCEPTED}`,
      });
    // An e-invoice XML is text: read below like any other text knowledge.
    case 'xml':
    case null:
      break;
  }
  const text = decodeText(bytes);
  if (text === null) {
    throw new AppError('UNSUPPORTED_FILE', {
      message: `Unsupported file type: ${describeUpload(bytes, fileName)}. ${ACCEPTED}`,
    });
  }
  const isCsv = fileName ? extensionOf(fileName) === 'csv' : false;
  return {
    kind: 'text',
    contentType: isCsv ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8',
    // A byte-order mark is an encoding detail, not text.
    text: text.replace(/^\uFEFF/, ''),
  };
}

function extensionFor(contentType: string): string {
  if (contentType === 'application/pdf') return 'pdf';
  if (contentType === 'image/png') return 'png';
  if (contentType === 'image/jpeg') return 'jpg';
  return contentType.startsWith('text/csv') ? 'csv' : 'txt';
}

const toRagDocument = (document: RagDocumentSummary): RagDocument => ({
  id: document.id,
  name: document.name,
  description: document.description,
  originalFilename: document.originalFilename,
  contentType: document.contentType,
  fileSize: Number(document.sizeBytes),
  textLength: Number(document.textLength),
  created_at: new Date(document.createdAt).toISOString(),
});
