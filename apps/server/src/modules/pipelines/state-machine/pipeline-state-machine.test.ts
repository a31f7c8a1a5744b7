import { describe, expect, it } from 'vitest';

import type { DbExecutor } from '../../../db/client.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import type { NewPipelineEvent, PipelinesRepository } from '../pipelines.repository.js';

import { personOf, SYSTEM } from './pipeline-history.js';
import { PipelineStateMachine } from './pipeline-state-machine.js';
import { RefusedMoveError } from './pipeline-transitions.js';

const trx = {} as DbExecutor;
const ref = { tenantId: 't-1', pipelineId: 'p-1' };
const clerk = personOf({ userId: 'u-1', actorLabel: 'clerk@example.test' } as never);

/** A state machine over an in-memory pipeline at `step`, recording what it writes and queues. */
function machineAt(step: string, version = 3) {
  const pipeline = { step, version, columns: {} as Record<string, unknown> };
  const events: NewPipelineEvent[] = [];
  const jobs: { name: string; payload: unknown; options: unknown }[] = [];
  const pipelines = {
    update: (
      _tenantId: string,
      _id: string,
      expected: { step?: string; version?: number },
      changes: Record<string, unknown>,
    ) => {
      if (expected.step !== undefined && expected.step !== pipeline.step) return undefined;
      if (expected.version !== undefined && expected.version !== pipeline.version) {
        return undefined;
      }
      pipeline.columns = changes;
      if (typeof changes.currentStep === 'string') pipeline.step = changes.currentStep;
      return ++pipeline.version;
    },
    insertEvents: (rows: NewPipelineEvent[]) => {
      events.push(...rows);
    },
  } as unknown as PipelinesRepository;
  const queue = {
    enqueue: (spec: { name: string }, payload: unknown, options: unknown) => {
      jobs.push({ name: spec.name, payload, options });
    },
  } as unknown as JobQueue;
  return { machine: new PipelineStateMachine({ pipelines, queue }), pipeline, events, jobs };
}

describe('PipelineStateMachine.move', () => {
  it('sets the step with the changes, records the entries before the move and then the move', async () => {
    const { machine, pipeline, events, jobs } = machineAt('human_review');
    const version = await machine.move(
      ref,
      { name: 'submit' },
      {
        actor: clerk,
        version: 3,
        changes: { reviewNotes: 'checked' },
        before: [{ kind: 'review_submitted', data: { notes: 'checked' }, actor: clerk }],
      },
      trx,
    );
    expect(version).toBe(4);
    expect(pipeline.columns).toEqual({ reviewNotes: 'checked', currentStep: 'approval' });
    expect(events.map((event) => [event.kind, event.actorLabel, event.data])).toEqual([
      ['review_submitted', 'clerk@example.test', { notes: 'checked' }],
      ['step_changed', 'clerk@example.test', { from: 'human_review', to: 'approval' }],
    ]);
    expect(jobs).toEqual([]);
  });

  it('queues the agent of the step it hands the document to, in the place of the step before', async () => {
    const { machine, jobs } = machineAt('extraction');
    await machine.move(
      ref,
      { name: 'advance', from: 'extraction', to: 'data_entry' },
      { actor: SYSTEM },
      trx,
    );
    expect(jobs).toEqual([
      {
        name: 'pipeline.run-agent',
        payload: { pipelineId: 'p-1', step: 'data_entry' },
        options: {
          tenantId: 't-1',
          dedupeKey: 'pipeline:p-1:data_entry',
          continues: 'pipeline:p-1:extraction',
        },
      },
    ]);
  });

  it('queues extraction again on a retry, and clears the failure', async () => {
    const { machine, pipeline, events, jobs } = machineAt('failed');
    await machine.move(
      ref,
      { name: 'retry', failedStep: 'extraction', reason: 'unreadable' },
      { actor: clerk, version: 3 },
      trx,
    );
    expect(pipeline.columns).toEqual({
      currentStep: 'extraction',
      failedStep: null,
      failureReason: null,
    });
    expect(events.map((event) => event.kind)).toEqual(['retried']);
    expect(jobs.map((job) => job.name)).toEqual(['pipeline.extract']);
  });

  it('writes nothing when another change moved the pipeline first', async () => {
    const { machine, events, jobs } = machineAt('approval', 5);
    const version = await machine.move(
      ref,
      { name: 'approve' },
      {
        actor: clerk,
        version: 3,
        before: [{ kind: 'approved', data: { notes: '' }, actor: clerk }],
      },
      trx,
    );
    expect(version).toBeUndefined();
    expect(events).toEqual([]);
    expect(jobs).toEqual([]);
  });

  it('refuses a move its mover may not make, before writing anything', async () => {
    const { machine, pipeline, events } = machineAt('approval');
    await expect(machine.move(ref, { name: 'approve' }, { actor: SYSTEM }, trx)).rejects.toThrow(
      RefusedMoveError,
    );
    expect(pipeline.step).toBe('approval');
    expect(events).toEqual([]);
  });
});

describe('PipelineStateMachine.change', () => {
  it('changes values without moving the pipeline, and records what changed them', async () => {
    const { machine, pipeline, events } = machineAt('approval');
    const version = await machine.change(
      ref,
      { step: 'approval', version: 3 },
      { assignedTo: null, decisionNotes: 'over to you' },
      [{ kind: 'assigned', data: { to: null, notes: 'over to you' }, actor: clerk }],
      trx,
    );
    expect(version).toBe(4);
    expect(pipeline.step).toBe('approval');
    expect(events.map((event) => event.kind)).toEqual(['assigned']);
  });
});
