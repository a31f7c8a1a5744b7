import { z } from 'zod';

/** Where a document is in its flow. Steps run extraction → agents (if enabled) → review → approval. */
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

/**
 * One word for where a pipeline stands overall, derived from its step: the automatic steps are
 * 'processing'; 'completed' marks approved pipelines (spec section 4).
 */
export const OverallStatus = z.enum([
  'processing',
  'needs_review',
  'needs_approval',
  'completed',
  'failed',
]);
export type OverallStatus = z.infer<typeof OverallStatus>;

export function overallStatusOf(step: PipelineStep): OverallStatus {
  switch (step) {
    case 'extraction':
    case 'data_entry':
    case 'reconciliation':
      return 'processing';
    case 'human_review':
      return 'needs_review';
    case 'approval':
      return 'needs_approval';
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
  }
}

/** How a step is shown: its badge (spec section 4) and its name in a sentence. */
export interface StepInfo {
  /** The badge's text, e.g. 'Needs Review'. */
  label: string;
  /** The badge's Mantine colour. */
  color: 'blue' | 'cyan' | 'violet' | 'orange' | 'yellow' | 'green' | 'red';
  /** The step in a sentence: "this one is at review". */
  name: string;
}

/** Every step's label, colour and name, in the steps' order. */
export const PIPELINE_STEPS: Readonly<Record<PipelineStep, StepInfo>> = {
  extraction: { label: 'Extracting...', color: 'blue', name: 'extraction' },
  data_entry: { label: 'Data Entry...', color: 'cyan', name: 'data entry' },
  reconciliation: { label: 'Reconciling...', color: 'violet', name: 'reconciliation' },
  human_review: { label: 'Needs Review', color: 'orange', name: 'review' },
  approval: { label: 'Needs Approval', color: 'yellow', name: 'approval' },
  completed: { label: 'Completed', color: 'green', name: 'completed' },
  failed: { label: 'Failed', color: 'red', name: 'failed' },
};

/** The steps that run without a person, in order. */
export const AUTOMATIC_STEPS = ['extraction', 'data_entry', 'reconciliation'] as const;
export type AutomaticStep = (typeof AUTOMATIC_STEPS)[number];

export function isAutomaticStep(step: PipelineStep): step is AutomaticStep {
  return (AUTOMATIC_STEPS as readonly PipelineStep[]).includes(step);
}

/** The steps at which a document waits for a person: the pending lists, and where agents run on demand. */
export const PENDING_STEPS = ['human_review', 'approval'] as const;
export type PendingStep = (typeof PENDING_STEPS)[number];

export function isPendingStep(step: PipelineStep): step is PendingStep {
  return (PENDING_STEPS as readonly PipelineStep[]).includes(step);
}

/** Steps at which the engine may be run again on the document by hand: those a person works at. */
export const RE_EXTRACTABLE_STEPS: readonly PipelineStep[] = PENDING_STEPS;
