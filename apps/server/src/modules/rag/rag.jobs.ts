import { z } from 'zod';

import type { JobSpec } from '../../jobs/job-definition.js';

const ReadKnowledgeTextPayload = z.object({
  tenantId: z.uuid(),
  storageKey: z.string().min(1),
  fileName: z.string(),
});

/** Reads the text of a knowledge document being uploaded (OCR for scans), for the waiting upload. */
export const readKnowledgeTextJob: JobSpec<z.infer<typeof ReadKnowledgeTextPayload>> = {
  name: 'rag.read-text',
  payload: ReadKnowledgeTextPayload,
  lane: 'interactive',
  maxAttempts: 2,
  backoffMs: () => 1_000,
};

/** The text read, or why the file has none to give (shown to the person uploading it). */
export const ReadKnowledgeTextResult = z.union([
  z.object({ text: z.string() }),
  z.object({ error: z.string() }),
]);
export type ReadKnowledgeTextResult = z.infer<typeof ReadKnowledgeTextResult>;
