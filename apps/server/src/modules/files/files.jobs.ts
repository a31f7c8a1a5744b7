import { ErrorCode } from '@parser/contracts';
import { z } from 'zod';

import { handleJob, type JobSpec } from '../../jobs/job-definition.js';
import type { JobRegistry } from '../../jobs/job-registry.js';
import { AppError } from '../../lib/app-error.js';

import type { FilesService } from './files.service.js';

const ReadFilePayload = z.object({ tenantId: z.uuid(), fileId: z.uuid() });

/**
 * Reads a file with the engine (OCR included) and caches the reading, for a request that waits:
 * a test extraction, Quick Setup, a text layer, an upload check, a re-extract.
 */
export const readFileJob: JobSpec<z.infer<typeof ReadFilePayload>> = {
  name: 'file.read',
  payload: ReadFilePayload,
  lane: 'interactive',
  // Someone is waiting: one retry at most, soon.
  maxAttempts: 2,
  backoffMs: () => 1_000,
};

/**
 * What a `file.read` job answers: nothing when the reading is cached, or the reason the file could
 * not be read, which the waiting request answers as it would have answered it itself.
 */
export const ReadFileResult = z.object({
  error: z.object({ code: ErrorCode, message: z.string() }).optional(),
});
export type ReadFileResult = z.infer<typeof ReadFileResult>;

export function registerFileJobs(registry: JobRegistry, files: FilesService): void {
  registry.register(
    handleJob(readFileJob, {
      handler: async ({ tenantId, fileId }): Promise<ReadFileResult> => {
        try {
          await files.read(tenantId, fileId);
          return {};
        } catch (error) {
          // A damaged file or a deleted one is an answer, not a reason to retry.
          if (error instanceof AppError && error.statusCode < 500) {
            return { error: { code: error.code, message: error.message } };
          }
          throw error;
        }
      },
    }),
  );
}
