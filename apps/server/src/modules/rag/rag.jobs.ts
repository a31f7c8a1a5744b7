import { z } from 'zod';

import { interactiveJob } from '../../jobs/job-definition.js';

const ReadKnowledgeTextPayload = z.object({
  tenantId: z.uuid(),
  storageKey: z.string().min(1),
  fileName: z.string(),
});

/** Reads the text of a knowledge document being uploaded (OCR for scans), for the waiting upload. */
export const readKnowledgeTextJob = interactiveJob('rag.read-text', ReadKnowledgeTextPayload);

/** The text read, or why the file has none to give (shown to the person uploading it). */
export const ReadKnowledgeTextResult = z.union([
  z.object({ text: z.string() }),
  z.object({ error: z.string() }),
]);
export type ReadKnowledgeTextResult = z.infer<typeof ReadKnowledgeTextResult>;
