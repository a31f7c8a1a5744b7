import { createHash, randomUUID } from 'node:crypto';

import type { RagDocument } from '@parser/contracts';
import { isDocumentReadError, readDocument, sniffFormat } from '@parser/extraction';
import type { FastifyBaseLogger } from 'fastify';

import { AppError, notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import type { TenantAuth } from '../../plugins/auth.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { cleanFileName, decodeText, describeUpload, extensionOf } from '../files/file-content.js';
import type { MultipartUpload } from '../files/multipart-upload.js';

import type { RagDocumentSummary, RagRepository } from './rag.repository.js';

/** The knowledge list is shown whole in the wizard; the cap keeps one answer bounded. */
const LIST_LIMIT = 500;
const ACCEPTED = 'Knowledge documents can be PDF, CSV, plain text, PNG or JPEG files.';
const FORMAT_NAMES = { tiff: 'a TIFF image', doc: 'a Word document', docx: 'a Word document' };

export interface RagDeps {
  rag: RagRepository;
  storage: BlobStorage;
  log: FastifyBaseLogger;
}

/** What a knowledge document is, decided from its bytes. */
type Kind =
  | { kind: 'document'; contentType: 'application/pdf' | 'image/png' | 'image/jpeg' }
  | { kind: 'text'; contentType: string; text: string };

export const ragStorageKey = (tenantId: string, id: string) => `${tenantId}/rag/${id}`;

/**
 * Knowledge documents the agents read. Their text is extracted once, at upload (OCR for scans and
 * images), and kept with them; a file without readable text is refused.
 */
export class RagService {
  constructor(private readonly deps: RagDeps) {}

  async list(auth: TenantAuth): Promise<RagDocument[]> {
    const documents = await this.deps.rag.list(auth.tenantId, LIST_LIMIT);
    return documents.map(toRagDocument);
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
    const text = (kind.kind === 'text' ? kind.text : await this.readText(bytes, fileName)).trim();
    if (!text) {
      throw new AppError('EXTRACTION_FAILED', {
        message: 'No text could be read from this file. Knowledge documents need readable text.',
      });
    }

    const id = randomUUID();
    const storageKey = ragStorageKey(auth.tenantId, id);
    await this.deps.storage.put(storageKey, bytes);
    try {
      await this.deps.rag.insert({
        id,
        tenantId: auth.tenantId,
        name,
        description,
        originalFilename: fileName,
        contentType: kind.contentType,
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
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

  /** The text of a PDF or an image, OCR'd when it has no text layer. */
  private async readText(bytes: Uint8Array, fileName: string): Promise<string> {
    try {
      return (await readDocument(bytes, fileName)).text;
    } catch (error) {
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
