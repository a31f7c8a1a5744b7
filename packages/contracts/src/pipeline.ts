import { z } from 'zod';

export const PipelineStep = z.enum([
  'extraction',
  'data_entry',
  'reconciliation',
  'human_review',
  'approval',
  'completed',
  'failed',
]);
export type PipelineStep = z.infer<typeof PipelineStep>;
