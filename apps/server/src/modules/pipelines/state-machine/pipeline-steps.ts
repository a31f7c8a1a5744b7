import type { AgentsEnabled, ApprovalAction, AutomaticStep, PipelineStep } from '@parser/contracts';

/** The step an automatic one hands the document to when it is done. */
export type StepAfterAutomatic = 'data_entry' | 'reconciliation' | 'human_review';

/**
 * The step after an automatic one: the agents run only when the type enables them, and every
 * document ends the automatic part at human review.
 */
export function stepAfter(step: AutomaticStep, agents: AgentsEnabled): StepAfterAutomatic {
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
