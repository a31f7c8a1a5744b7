import type { FastifyBaseLogger } from 'fastify';

import type { Engine } from '../../engine/engine.js';
import { type BlobStorage, getIfStored } from '../../storage/blob-storage.js';

import { type EngineWaits, readFailureMessage } from './engine-waits.js';
import { inspectFileJob, InspectFileResult } from './files.jobs.js';

export interface UploadChecksDeps {
  engine: Engine;
  storage: BlobStorage;
  log: FastifyBaseLogger;
  waits: EngineWaits;
}

/**
 * The check of a document being uploaded: its format opens, its page count, the reading limits.
 * Done by the job worker while the upload waits, which stores the file's row only once it is in.
 */
export class UploadChecks {
  constructor(private readonly deps: UploadChecksDeps) {}

  /** An upload's check by the job worker, while the upload waits. */
  async awaitInspection(
    tenantId: string,
    storageKey: string,
    fileName: string,
  ): Promise<InspectFileResult> {
    const jobId = await this.deps.waits.enqueue(
      inspectFileJob,
      { tenantId, storageKey, fileName },
      tenantId,
    );
    const job = await this.deps.waits.waitFor(
      jobId!,
      this.deps.waits.deadline(),
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
      return { error: readFailureMessage(error, fileName, this.deps.log) };
    }
  }
}
