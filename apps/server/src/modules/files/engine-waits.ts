import { isDocumentReadError, isEngineStopped } from '@parser/extraction';
import type { FastifyBaseLogger } from 'fastify';

import type { FileRow, JobRow } from '../../db/schema.js';
import type { JobSpec } from '../../jobs/job-definition.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { JobGoneError, JobWaitTimeoutError, waitForJob } from '../../jobs/job-waiter.js';
import type { JobsRepository } from '../../jobs/jobs.repository.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { BlobNotFoundError } from '../../storage/blob-storage.js';

import { ReadFileResult } from './files.jobs.js';

const UNREADABLE = 'The file could not be read. Upload another copy of the document.';

export interface EngineWaitsDeps {
  /** The job queue that does the engine work requests wait for. */
  jobs: { queue: JobQueue; repository: JobsRepository };
  log: FastifyBaseLogger;
  /** How long a request waits for engine work before answering 503. @default 120 s */
  readWaitMs?: number | undefined;
}

/**
 * Engine work a request waits for, done by the job worker (interactive lane): queued once however
 * many requests want it, waited on until a deadline, and its refusals answered as the request's.
 */
export class EngineWaits {
  constructor(private readonly deps: EngineWaitsDeps) {}

  /** When a request that starts waiting now gives up. */
  deadline(): number {
    return Date.now() + (this.deps.readWaitMs ?? 120_000);
  }

  /** Queues a job; answers its id, undefined when the work cannot be queued (see enqueueOnce). */
  async enqueue<P>(spec: JobSpec<P>, payload: P, tenantId: string): Promise<number | undefined> {
    return this.deps.jobs.queue.enqueue(spec, payload, { tenantId });
  }

  /** The id of the job doing the work: a new one, or the one already queued or running. */
  async enqueueOnce<P>(
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
  async waitFor(jobId: number, deadline: number, busy: string): Promise<JobRow> {
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
  throwFailedAnswer(job: JobRow, fileId: string): void {
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
}

/** The engine's explanation for people, or a generic one for an unexpected failure (logged). */
export function readFailureMessage(
  error: unknown,
  fileName: string,
  log: FastifyBaseLogger,
): string {
  if (isDocumentReadError(error)) return error.userMessage;
  if (isEngineStopped(error)) return error.message;
  log.warn({ err: error, fileName }, 'the document engine failed on a file');
  return UNREADABLE;
}

/** A file whose stored bytes are gone answers 404 (and is logged); other errors pass. */
export function missingBlob(error: unknown, file: FileRow, log: FastifyBaseLogger): unknown {
  if (!(error instanceof BlobNotFoundError)) return error;
  log.error({ fileId: file.id, key: file.storageKey }, 'stored file content is missing');
  return new AppError('NOT_FOUND', { message: 'The content of this file is no longer stored' });
}
