import type { AgentsEnabled, ApprovalAction, PipelineStep } from '@parser/contracts';

/** The steps that run without a person, in order. */
export type AutomaticStep = 'extraction' | 'data_entry' | 'reconciliation';

/**
 * The step after an automatic one: the agents run only when the type enables them, and every
 * document ends the automatic part at human review.
 */
export function stepAfter(step: AutomaticStep, agents: AgentsEnabled): PipelineStep {
  switch (step) {
    case 'extraction':
      if (agents.data_entry) return 'data_entry';
      return agents.recon ? 'reconciliation' : 'human_review';
    case 'data_entry':
      return agents.recon ? 'reconciliation' : 'human_review';
    case 'reconciliation':
      return 'human_review';
  }
}

export function isAutomaticStep(step: PipelineStep): step is AutomaticStep {
  return step === 'extraction' || step === 'data_entry' || step === 'reconciliation';
}

/** Where an approval decision leaves the pipeline. */
export function stepAfterDecision(action: ApprovalAction): PipelineStep {
  switch (action) {
    case 'approve':
      return 'completed';
    case 'reject':
      return 'human_review';
    case 'send_for_approval':
      return 'approval';
  }
}

/** Steps at which the engine may be run again on the document by hand. */
export const RE_EXTRACTABLE_STEPS: readonly PipelineStep[] = ['human_review', 'approval'];
