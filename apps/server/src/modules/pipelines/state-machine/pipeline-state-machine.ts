import { isAutomaticStep, type PipelineStep, type ValueRef } from '@parser/contracts';

import type { DbExecutor } from '../../../db/client.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import { extractPipelineJob, runAgentStepJob } from '../pipelines.jobs.js';
import type {
  ExpectedPipeline,
  PipelinesRepository,
  PipelineValueChanges,
} from '../pipelines.repository.js';

import {
  editedPlacesIn,
  eventRowOf,
  type PipelineActor,
  type RecordedEvent,
} from './pipeline-history.js';
import {
  allowedMove,
  eventOfMove,
  stepColumnsOf,
  type Transition,
} from './pipeline-transitions.js';

export type { PipelineValueChanges } from '../pipelines.repository.js';

export interface PipelineStateMachineDeps {
  pipelines: PipelinesRepository;
  queue: JobQueue;
}

/** The pipeline a change is for. */
export interface PipelineRef {
  tenantId: string;
  pipelineId: string;
}

/** Files an upload turns into pipelines. */
export interface UploadedFiles {
  tenantId: string;
  docTypeId: string;
  files: readonly { id: string; originalFilename: string }[];
  actor: PipelineActor;
}

export interface MoveOptions {
  actor: PipelineActor;
  /** The version the pipeline was read at; without it, only its step guards the move. */
  version?: number;
  /** Values set with the move (a review's values, the engine's result, a decision's note). */
  changes?: PipelineValueChanges;
  /** Entries recorded before the one that records the move, each with its own actor. */
  before?: readonly RecordedEvent[];
}

/**
 * The one owner of a pipeline's state: every step change, with the history entry that records it,
 * goes through `move`, which refuses moves the transition table does not allow and queues the job
 * of an automatic step the pipeline enters; values change through `change`, with the entries that
 * say what changed them. Each runs in the caller's transaction.
 */
export class PipelineStateMachine {
  constructor(private readonly deps: PipelineStateMachineDeps) {}

  /** New pipelines at extraction, one per file, each with its 'created' entry and its job. */
  async start(
    upload: UploadedFiles,
    trx: DbExecutor,
  ): Promise<{ uploadId: string; pipelineIds: string[] }> {
    const { tenantId, docTypeId, actor } = upload;
    const uploadId = await this.deps.pipelines.insertUpload(
      {
        tenantId,
        docTypeId,
        fileIds: upload.files.map((file) => file.id),
        createdBy: actor.userId,
      },
      trx,
    );
    const pipelineIds = await this.deps.pipelines.insertPipelines(
      upload.files.map((file) => ({
        tenantId,
        docTypeId,
        fileId: file.id,
        uploadId,
        originalFilename: file.originalFilename,
        createdBy: actor.userId,
      })),
      trx,
    );
    await this.deps.pipelines.insertEvents(
      pipelineIds.map((pipelineId) =>
        eventRowOf(tenantId, pipelineId, {
          kind: 'created',
          data: { upload_id: uploadId },
          actor,
        }),
      ),
      trx,
    );
    for (const pipelineId of pipelineIds) {
      await this.queueStep({ tenantId, pipelineId }, 'extraction', undefined, trx);
    }
    return { uploadId, pipelineIds };
  }

  /**
   * Moves a pipeline that is still at the transition's step (and at `version` when given): sets
   * the step with `changes`, records `before` and then the move's own entry, and queues the job
   * of an automatic step it enters. Answers the new version, or undefined when another change won
   * (nothing is written then). Throws RefusedMoveError for a move the table does not allow.
   */
  async move(
    ref: PipelineRef,
    transition: Transition,
    options: MoveOptions,
    trx: DbExecutor,
  ): Promise<number | undefined> {
    const { from, to } = allowedMove(transition, options.actor.by);
    const version = await this.deps.pipelines.update(
      ref.tenantId,
      ref.pipelineId,
      { step: from, ...(options.version !== undefined ? { version: options.version } : {}) },
      { ...options.changes, ...stepColumnsOf(transition) },
      trx,
    );
    if (version === undefined) return undefined;
    await this.record(
      ref,
      [...(options.before ?? []), { ...eventOfMove(transition), actor: options.actor }],
      trx,
    );
    await this.queueStep(ref, to, from, trx);
    return version;
  }

  /**
   * Changes a pipeline's values without moving it, only while it is as `expected`, and records
   * what changed them. Answers the new version, or undefined when another change won.
   */
  async change(
    ref: PipelineRef,
    expected: ExpectedPipeline,
    changes: PipelineValueChanges,
    events: readonly RecordedEvent[],
    trx: DbExecutor,
  ): Promise<number | undefined> {
    const version = await this.deps.pipelines.update(
      ref.tenantId,
      ref.pipelineId,
      expected,
      changes,
      trx,
    );
    if (version !== undefined) await this.record(ref, events, trx);
    return version;
  }

  /** Adds entries to a pipeline's history, in order. */
  private async record(
    ref: PipelineRef,
    events: readonly RecordedEvent[],
    trx: DbExecutor,
  ): Promise<void> {
    await this.deps.pipelines.insertEvents(
      events.map((event) => eventRowOf(ref.tenantId, ref.pipelineId, event)),
      trx,
    );
  }

  /** The pipeline as it stands, for background work that acts for the system. */
  current(pipelineId: string, trx?: DbExecutor) {
    return this.deps.pipelines.findById(pipelineId, trx);
  }

  /** The places people edited, which agents leave alone. */
  async editedPlaces(tenantId: string, pipelineId: string): Promise<ValueRef[]> {
    const rows = await this.deps.pipelines.listEventsOfKind(tenantId, pipelineId, 'field_edited');
    return editedPlacesIn(rows);
  }

  /**
   * An automatic step a pipeline enters is run by a job: extraction when it starts or is retried,
   * an agent when the step before hands over, keeping the document's place in line.
   */
  private async queueStep(
    ref: PipelineRef,
    step: PipelineStep,
    from: PipelineStep | undefined,
    trx: DbExecutor,
  ): Promise<void> {
    if (!isAutomaticStep(step)) return;
    const { tenantId, pipelineId } = ref;
    const dedupeKey = `pipeline:${pipelineId}:${step}`;
    if (step === 'extraction') {
      await this.deps.queue.enqueue(
        extractPipelineJob,
        { pipelineId },
        { tenantId, dedupeKey },
        trx,
      );
      return;
    }
    await this.deps.queue.enqueue(
      runAgentStepJob,
      { pipelineId, step },
      {
        tenantId,
        dedupeKey,
        // The document's next step keeps its place in line, ahead of later documents.
        ...(from !== undefined && isAutomaticStep(from)
          ? { continues: `pipeline:${pipelineId}:${from}` }
          : {}),
      },
      trx,
    );
  }
}
