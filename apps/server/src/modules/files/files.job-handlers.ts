import { handleJob } from '../../jobs/job-definition.js';
import type { JobRegistry } from '../../jobs/job-registry.js';
import { AppError } from '../../lib/app-error.js';

import {
  type InspectFileResult,
  inspectFileJob,
  readFileJob,
  type ReadFileResult,
  renderPageJob,
  type RenderPageResult,
} from './files.jobs.js';
import type { FilesService } from './files.service.js';

/** A damaged file or a deleted one is an answer for the waiting request, not a reason to retry. */
async function answerOrRethrow(work: () => Promise<void>): Promise<ReadFileResult> {
  try {
    await work();
    return {};
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      return { error: { code: error.code, message: error.message } };
    }
    throw error;
  }
}

export function registerFileJobHandlers(registry: JobRegistry, files: FilesService): void {
  registry.register(
    handleJob(readFileJob, {
      handler: ({ tenantId, fileId }): Promise<ReadFileResult> =>
        answerOrRethrow(async () => {
          await files.read(tenantId, fileId, 'interactive');
        }),
    }),
  );
  registry.register(
    handleJob(inspectFileJob, {
      handler: ({ storageKey, fileName }): Promise<InspectFileResult> =>
        files.inspectStored(storageKey, fileName),
    }),
  );
  registry.register(
    handleJob(renderPageJob, {
      handler: ({ tenantId, fileId, page, width }): Promise<RenderPageResult> =>
        answerOrRethrow(() => files.renderPreview(tenantId, fileId, page, width)),
    }),
  );
}
