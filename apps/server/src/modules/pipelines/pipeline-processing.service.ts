import type { AutomaticStep, HistoryEvent } from '@parser/contracts';

import type { Database, DbExecutor } from '../../db/client.js';
import { PermanentJobError } from '../../jobs/job-definition.js';
import { AppError } from '../../lib/app-error.js';
import type {
  DocumentExtracted,
  DocumentExtraction,
} from '../extraction/document-extraction.service.js';

import type { PipelineDocType, PipelineDocTypes } from './pipeline-ports.js';
import type { PipelinesRepository, PipelineValueChanges } from './pipelines.repository.js';
import { doneBy, SYSTEM } from './state-machine/pipeline-history.js';
import type { PipelineStateMachine } from './state-machine/pipeline-state-machine.js';
import { stepAfter } from './state-machine/pipeline-steps.js';

/** The agents as a pipeline step runs them (the agents module). */
export interface PipelineAgents {
  /** Runs the agent and prepares its result, stored by `store` in the step's transaction. */
  prepare(
    tenantId: string,
    pipelineId: string,
    agent: 'data_entry' | 'reconciliation',
  ): Promise<{ store(trx: DbExecutor): Promise<boolean> }>;
}

export interface PipelineProcessingDeps {
  db: Database;
  pipelines: PipelinesRepository;
  state: PipelineStateMachine;
  docTypes: PipelineDocTypes;
  extraction: DocumentExtraction;
  agents: PipelineAgents;
}

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
    const result = await failsForGood(() =>
      this.deps.extraction.extract({
        tenantId: pipeline.tenantId,
        fileId: pipeline.fileId,
        docType,
        runsIn: 'job',
        learned: true,
        model: { for: 'pipeline', pipelineId, fileName: pipeline.originalFilename },
      }),
    );
    await this.advance(pipeline.tenantId, pipelineId, 'extraction', docType, {
      changes: { extractedData: result.extracted },
      before: extractionNotices(result),
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
      // Moved on meanwhile (retried, deleted): that change stands.
      await this.deps.state.move(
        { tenantId: pipeline.tenantId, pipelineId },
        { name: 'fail', from: step, reason },
        { actor: SYSTEM },
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
      changes?: PipelineValueChanges;
      store?: (trx: DbExecutor) => Promise<boolean>;
      /** History entries recorded with the step change (before it), by the system. */
      before?: HistoryEvent[];
    },
  ): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      // An agent's result first, stored only while the pipeline is as the agent read it; when it
      // changed meanwhile the job runs again on what is there now.
      if (result.store && !(await result.store(trx))) {
        throw new Error('The document changed while the agent ran');
      }
      // Someone retried, deleted or otherwise moved the pipeline meanwhile: their change stands.
      await this.deps.state.move(
        { tenantId, pipelineId },
        { name: 'advance', from, to: stepAfter(from, docType.agentsEnabled) },
        {
          actor: SYSTEM,
          ...(result.changes ? { changes: result.changes } : {}),
          before: doneBy(SYSTEM, result.before ?? []),
        },
        trx,
      );
    });
  }

  private async requireDocType(tenantId: string, docTypeId: string): Promise<PipelineDocType> {
    const docType = await this.deps.docTypes.findForPipeline(tenantId, docTypeId);
    if (!docType) throw new PermanentJobError('The document type of this document was deleted');
    return docType;
  }
}

/**
 * What the history says about an extraction besides its values: each warning of the AI model
 * (whose answer, or part of it, was not used), and a PDF's embedded e-invoice XML that could not
 * be read (the values were read from its pages).
 */
function extractionNotices(result: DocumentExtracted): HistoryEvent[] {
  return [
    ...(result.modelWarnings ?? []).map((message): HistoryEvent => ({
      kind: 'model_warning',
      data: { step: 'extraction', message },
    })),
    ...(result.einvoiceProblem
      ? [
          {
            kind: 'einvoice_warning',
            data: { step: 'extraction', message: result.einvoiceProblem },
          } satisfies HistoryEvent,
        ]
      : []),
  ];
}

/** A file that cannot be read fails its pipeline at once with the reader's explanation. */
async function failsForGood<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
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
