import { handleJob } from '../../jobs/job-definition.js';
import type { JobRegistry } from '../../jobs/job-registry.js';

import { readKnowledgeTextJob } from './rag.jobs.js';
import type { RagService } from './rag.service.js';

export function registerRagJobHandlers(registry: JobRegistry, rag: RagService): void {
  registry.register(
    handleJob(readKnowledgeTextJob, {
      handler: ({ storageKey, fileName }) => rag.readStoredText(storageKey, fileName),
    }),
  );
}
