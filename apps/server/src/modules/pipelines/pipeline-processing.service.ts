import type { ExtractionResult, ReadDocument } from '@parser/extraction';

import type { Database, DbExecutor } from '../../db/client.js';
import type { PipelineStepValue } from '../../db/schema.js';
import type { Engine } from '../../engine/engine.js';
import { PermanentJobError } from '../../jobs/job-definition.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { AppError } from '../../lib/app-error.js';

import type {
  PipelineDocType,
  PipelineDocTypes,
  PipelineFiles,
  PipelineLearning,
  PipelineModelInput,
} from './pipeline-ports.js';
import { type AutomaticStep, isAutomaticStep, stepAfter } from './pipeline-steps.js';
import { runAgentStepJob } from './pipelines.jobs.js';
import type { PipelinesRepository } from './pipelines.repository.js';

/** The agents as a pipeline step runs them (the agents module). */
export interface PipelineAgents {
  /** Runs the agent and prepares its result, stored by `store` in the step's transaction. */
  prepare(
    tenantId: string,
    pipelineId: string,
    agent: 'data_entry' | 'reconciliation',
  ): Promise<{ store(trx: DbExecutor): Promise<boolean> }>;
}

/** The optional AI model's pass after the offline engine (the ai-model module). */
export interface PipelineModel {
  /**
   * The offline result improved by the model, with the warnings to store; undefined when the
   * company turned the model off for the type. Never throws for a model failure.
   */
  improve(
    input: PipelineModelInput,
  ): Promise<{ extracted: ExtractionResult; store(trx: DbExecutor): Promise<boolean> } | undefined>;
}

export interface PipelineProcessingDeps {
  db: Database;
  pipelines: PipelinesRepository;
  docTypes: PipelineDocTypes;
  files: PipelineFiles;
  engine: Engine;
  queue: JobQueue;
  agents: PipelineAgents;
  /** Absent in setups that do not learn from corrections: the engine's result stands. */
  learning?: PipelineLearning | undefined;
  /** Absent when no model is configured: the offline engine works alone. */
  model?: PipelineModel | undefined;
}

const SYSTEM = { actorUserId: null, actorLabel: 'System' } as const;

/**
 * The automatic steps, run by jobs. Each is idempotent: it acts only while the pipeline is still
 * at its step, so a rerun after a crash, or a job for a pipeline deleted meanwhile, does nothing.
 */
export class PipelineProcessing {
  constructor(private readonly deps: PipelineProcessingDeps) {}

  async extract(pipelineId: string): Promise<void> {
    const pipeline = await this.deps.pipelines.findById(pipelineId);
    if (!pipeline || pipeline.currentStep !== 'extraction') return;
    const docType = await this.requireDocType(pipeline.tenantId, pipeline.docTypeId);
    const document = await this.readForJob(pipeline.tenantId, pipeline.fileId);
    let extracted = await this.deps.engine.run('extract', [
      document,
      {
        fields: docType.fields,
        tables: docType.tables,
        instructions: docType.extractionInstructions,
      },
    ]);
    // What the company's reviewers taught about this vendor is applied right after the engine.
    if (this.deps.learning) {
      extracted = await this.deps.learning.applyLearned(
        pipeline.tenantId,
        pipeline.docTypeId,
        document,
        docType,
        extracted,
      );
    }
    // The optional AI model reads the document after the offline engine; when it is off, or its
    // answer cannot be used, the offline result stands (with a warning in the history).
    const learnedHints =
      this.deps.model && this.deps.learning
        ? await this.deps.learning.promptExamples(
            pipeline.tenantId,
            pipeline.docTypeId,
            document,
            docType,
            extracted,
          )
        : [];
    const withModel = await this.deps.model?.improve({
      tenantId: pipeline.tenantId,
      pipelineId,
      fileId: pipeline.fileId,
      fileName: pipeline.originalFilename,
      docTypeId: pipeline.docTypeId,
      docType,
      doc: document,
      offline: extracted,
      learnedHints,
    });
    await this.advance(pipeline.tenantId, pipelineId, 'extraction', docType, {
      ...(withModel ?? { extracted }),
      // A PDF whose embedded e-invoice XML is unusable was read from its pages; the clerk is told.
      ...(document.einvoiceProblem
        ? {
            events: [
              {
                kind: 'einvoice_warning',
                data: { step: 'extraction', message: document.einvoiceProblem },
              },
            ],
          }
        : {}),
    });
  }

  /**
   * An agent step: the agent's changes or report are stored in the same transaction that moves
   * the pipeline on. Data it cannot work on fails the pipeline at this step with the reason.
   */
  async runAgentStep(pipelineId: string, step: 'data_entry' | 'reconciliation'): Promise<void> {
    const pipeline = await this.deps.pipelines.findById(pipelineId);
    if (!pipeline || pipeline.currentStep !== step) return;
    const docType = await this.requireDocType(pipeline.tenantId, pipeline.docTypeId);
    let prepared: { store(trx: DbExecutor): Promise<boolean> };
    try {
      prepared = await this.deps.agents.prepare(pipeline.tenantId, pipelineId, step);
    } catch (error) {
      if (error instanceof AppError) throw new PermanentJobError(error.message);
      throw error;
    }
    await this.advance(pipeline.tenantId, pipelineId, step, docType, {
      store: (trx) => prepared.store(trx),
    });
  }

  /** Marks the pipeline failed at `step` with a reason users see (the job's retries are used up). */
  async fail(pipelineId: string, step: AutomaticStep, reason: string): Promise<void> {
    const pipeline = await this.deps.pipelines.findById(pipelineId);
    if (!pipeline || pipeline.currentStep !== step) return;
    await this.deps.db.transaction().execute(async (trx) => {
      const version = await this.deps.pipelines.update(
        pipeline.tenantId,
        pipelineId,
        { step },
        { currentStep: 'failed', failedStep: step, failureReason: reason },
        trx,
      );
      if (version === undefined) return;
      await this.deps.pipelines.insertEvents(
        [
          {
            tenantId: pipeline.tenantId,
            pipelineId,
            kind: 'failed',
            ...SYSTEM,
            data: { step, reason },
          },
        ],
        trx,
      );
    });
  }

  private async advance(
    tenantId: string,
    pipelineId: string,
    from: AutomaticStep,
    docType: PipelineDocType,
    result: {
      extracted?: unknown;
      store?: (trx: DbExecutor) => Promise<boolean>;
      /** History entries recorded with the step change (before it), by the system. */
      events?: { kind: string; data: Record<string, unknown> }[];
    },
  ): Promise<void> {
    const to: PipelineStepValue = stepAfter(from, docType.agentsEnabled);
    await this.deps.db.transaction().execute(async (trx) => {
      // An agent's result first, stored only while the pipeline is as the agent read it; when it
      // changed meanwhile the job runs again on what is there now.
      if (result.store && !(await result.store(trx))) {
        throw new Error('The document changed while the agent ran');
      }
      const version = await this.deps.pipelines.update(
        tenantId,
        pipelineId,
        { step: from },
        {
          currentStep: to,
          ...(result.extracted === undefined ? {} : { extractedData: result.extracted }),
        },
        trx,
      );
      // Someone retried, deleted or otherwise moved the pipeline meanwhile: their change stands.
      if (version === undefined) return;
      await this.deps.pipelines.insertEvents(
        [
          ...(result.events ?? []).map((event) => ({ tenantId, pipelineId, ...SYSTEM, ...event })),
          { tenantId, pipelineId, kind: 'step_changed', ...SYSTEM, data: { from, to } },
        ],
        trx,
      );
      if (isAutomaticStep(to) && to !== 'extraction') {
        await this.deps.queue.enqueue(
          runAgentStepJob,
          { pipelineId, step: to },
          {
            tenantId,
            dedupeKey: `pipeline:${pipelineId}:${to}`,
            // The document's next step keeps its place in line, ahead of later documents.
            continues: `pipeline:${pipelineId}:${from}`,
          },
          trx,
        );
      }
    });
  }

  private async requireDocType(tenantId: string, docTypeId: string): Promise<PipelineDocType> {
    const docType = await this.deps.docTypes.findForPipeline(tenantId, docTypeId);
    if (!docType) throw new PermanentJobError('The document type of this document was deleted');
    return docType;
  }

  /** A file that cannot be read fails its pipeline at once with the reader's explanation. */
  private async readForJob(tenantId: string, fileId: string): Promise<ReadDocument> {
    try {
      return await this.deps.files.read(tenantId, fileId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'EXTRACTION_FAILED') {
        throw new PermanentJobError(error.message);
      }
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        throw new PermanentJobError('The file of this document no longer exists');
      }
      throw error;
    }
  }
}
