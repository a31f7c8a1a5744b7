import type { AutomaticStep, HistoryEventOf, PipelineStep } from '@parser/contracts';

import type { StepAfterAutomatic } from './pipeline-steps.js';

/** Who moves a pipeline: the system's jobs, or a person (a user, or an API key acting for one). */
export type MovedBy = 'system' | 'person';

/**
 * Every move a pipeline may make, and who makes it: the automatic steps hand the document on or
 * fail it; people submit, approve, reject and retry. Nothing else changes a pipeline's step.
 */
export const PIPELINE_MOVES = {
  extraction: {
    data_entry: 'system',
    reconciliation: 'system',
    human_review: 'system',
    failed: 'system',
  },
  data_entry: { reconciliation: 'system', human_review: 'system', failed: 'system' },
  reconciliation: { human_review: 'system', failed: 'system' },
  human_review: { approval: 'person' },
  approval: { completed: 'person', human_review: 'person' },
  completed: {},
  failed: { extraction: 'person' },
} as const satisfies Record<PipelineStep, Partial<Record<PipelineStep, MovedBy>>>;

/** Who may move a pipeline from one step to the other; undefined when nobody may. */
export function whoMoves(from: PipelineStep, to: PipelineStep): MovedBy | undefined {
  const moves: Partial<Record<PipelineStep, MovedBy>> = PIPELINE_MOVES[from];
  return moves[to];
}

/** What moves a pipeline, with what the history entry that records it needs. */
export type Transition =
  /** An automatic step is done: the document goes on to the next one (see stepAfter). */
  | { name: 'advance'; from: AutomaticStep; to: StepAfterAutomatic }
  /** An automatic step gave up; `reason` is what users see. */
  | { name: 'fail'; from: AutomaticStep; reason: string }
  /** A failed document goes through extraction again; the history keeps the failure it had. */
  | { name: 'retry'; failedStep: PipelineStep | null; reason: string | null }
  /** The reviewer submits the review for approval. */
  | { name: 'submit' }
  | { name: 'approve' }
  /** The approver sends the document back to review. */
  | { name: 'reject' };

/** The move a transition makes. */
export function moveOf(transition: Transition): { from: PipelineStep; to: PipelineStep } {
  switch (transition.name) {
    case 'advance':
      return { from: transition.from, to: transition.to };
    case 'fail':
      return { from: transition.from, to: 'failed' };
    case 'retry':
      return { from: 'failed', to: 'extraction' };
    case 'submit':
      return { from: 'human_review', to: 'approval' };
    case 'approve':
      return { from: 'approval', to: 'completed' };
    case 'reject':
      return { from: 'approval', to: 'human_review' };
  }
}

/** A move the table refuses: a mistake in the code, never one a user can make. */
export class RefusedMoveError extends Error {
  override readonly name = 'RefusedMoveError';
}

/** The transition's move when `by` may make it; throws RefusedMoveError otherwise. */
export function allowedMove(
  transition: Transition,
  by: MovedBy,
): { from: PipelineStep; to: PipelineStep } {
  const move = moveOf(transition);
  const mover = whoMoves(move.from, move.to);
  if (mover === by) return move;
  throw new RefusedMoveError(
    mover === undefined
      ? `A pipeline never moves from ${move.from} to ${move.to}`
      : `Only ${mover === 'system' ? 'the system' : 'a person'} moves a pipeline from ${move.from} to ${move.to}`,
  );
}

/**
 * The history entry that records a move: a failure and a retry say what failed; every other
 * move is a step change.
 */
export function eventOfMove(
  transition: Transition,
): HistoryEventOf<'step_changed' | 'failed' | 'retried'> {
  switch (transition.name) {
    case 'fail':
      return { kind: 'failed', data: { step: transition.from, reason: transition.reason } };
    case 'retry':
      return {
        kind: 'retried',
        data: { failed_step: transition.failedStep, reason: transition.reason },
      };
    case 'advance':
    case 'submit':
    case 'approve':
    case 'reject':
      return { kind: 'step_changed', data: moveOf(transition) };
  }
}

/**
 * The step columns a transition sets: a failure keeps where and why it failed, a retry clears
 * that, any other move sets the step alone.
 */
export function stepColumnsOf(transition: Transition): {
  currentStep: PipelineStep;
  failedStep?: PipelineStep | null;
  failureReason?: string | null;
} {
  const { to } = moveOf(transition);
  switch (transition.name) {
    case 'fail':
      return { currentStep: to, failedStep: transition.from, failureReason: transition.reason };
    case 'retry':
      return { currentStep: to, failedStep: null, failureReason: null };
    case 'advance':
    case 'submit':
    case 'approve':
    case 'reject':
      return { currentStep: to };
  }
}
