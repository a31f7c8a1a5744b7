import { PipelineStep } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import {
  allowedMove,
  eventOfMove,
  PIPELINE_MOVES,
  RefusedMoveError,
  stepColumnsOf,
  type Transition,
  whoMoves,
} from './pipeline-transitions.js';

describe('the transition table', () => {
  it('lets the system hand each automatic step on or fail it, and nothing else', () => {
    expect(whoMoves('extraction', 'data_entry')).toBe('system');
    expect(whoMoves('extraction', 'human_review')).toBe('system');
    expect(whoMoves('data_entry', 'reconciliation')).toBe('system');
    expect(whoMoves('reconciliation', 'human_review')).toBe('system');
    for (const step of ['extraction', 'data_entry', 'reconciliation'] as const) {
      expect(whoMoves(step, 'failed')).toBe('system');
      expect(whoMoves(step, 'approval')).toBeUndefined();
      expect(whoMoves(step, 'completed')).toBeUndefined();
    }
    // The agents run in order: never back, never twice.
    expect(whoMoves('reconciliation', 'data_entry')).toBeUndefined();
    expect(whoMoves('data_entry', 'data_entry')).toBeUndefined();
  });

  it('lets people submit, approve, reject and retry, and nothing else', () => {
    expect(whoMoves('human_review', 'approval')).toBe('person');
    expect(whoMoves('approval', 'completed')).toBe('person');
    expect(whoMoves('approval', 'human_review')).toBe('person');
    expect(whoMoves('failed', 'extraction')).toBe('person');
    expect(whoMoves('human_review', 'completed')).toBeUndefined();
    expect(whoMoves('failed', 'human_review')).toBeUndefined();
  });

  it('leaves a completed document where it is', () => {
    for (const to of PipelineStep.options) expect(whoMoves('completed', to)).toBeUndefined();
    expect(Object.keys(PIPELINE_MOVES).sort()).toEqual([...PipelineStep.options].sort());
  });
});

describe('allowedMove', () => {
  it('answers the steps of a move its mover may make', () => {
    expect(allowedMove({ name: 'submit' }, 'person')).toEqual({
      from: 'human_review',
      to: 'approval',
    });
    expect(
      allowedMove({ name: 'advance', from: 'extraction', to: 'reconciliation' }, 'system'),
    ).toEqual({ from: 'extraction', to: 'reconciliation' });
  });

  it('refuses a move made by the wrong mover', () => {
    expect(() => allowedMove({ name: 'approve' }, 'system')).toThrow(RefusedMoveError);
    expect(() => allowedMove({ name: 'fail', from: 'data_entry', reason: 'x' }, 'person')).toThrow(
      'Only the system moves a pipeline from data_entry to failed',
    );
  });

  it('refuses a move the table does not have', () => {
    expect(() =>
      allowedMove({ name: 'advance', from: 'reconciliation', to: 'data_entry' }, 'system'),
    ).toThrow('A pipeline never moves from reconciliation to data_entry');
  });
});

describe('eventOfMove and stepColumnsOf', () => {
  it('record a step change with its steps for the moves people and agents make', () => {
    const moves: Transition[] = [
      { name: 'advance', from: 'extraction', to: 'human_review' },
      { name: 'submit' },
      { name: 'approve' },
      { name: 'reject' },
    ];
    expect(moves.map(eventOfMove)).toEqual([
      { kind: 'step_changed', data: { from: 'extraction', to: 'human_review' } },
      { kind: 'step_changed', data: { from: 'human_review', to: 'approval' } },
      { kind: 'step_changed', data: { from: 'approval', to: 'completed' } },
      { kind: 'step_changed', data: { from: 'approval', to: 'human_review' } },
    ]);
    expect(stepColumnsOf({ name: 'reject' })).toEqual({ currentStep: 'human_review' });
  });

  it('record a failure with where and why, and keep both on the pipeline until a retry', () => {
    const fail: Transition = { name: 'fail', from: 'reconciliation', reason: 'took too long' };
    expect(eventOfMove(fail)).toEqual({
      kind: 'failed',
      data: { step: 'reconciliation', reason: 'took too long' },
    });
    expect(stepColumnsOf(fail)).toEqual({
      currentStep: 'failed',
      failedStep: 'reconciliation',
      failureReason: 'took too long',
    });
    const retry: Transition = {
      name: 'retry',
      failedStep: 'reconciliation',
      reason: 'took too long',
    };
    expect(eventOfMove(retry)).toEqual({
      kind: 'retried',
      data: { failed_step: 'reconciliation', reason: 'took too long' },
    });
    expect(stepColumnsOf(retry)).toEqual({
      currentStep: 'extraction',
      failedStep: null,
      failureReason: null,
    });
  });
});
