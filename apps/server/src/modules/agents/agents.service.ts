import {
  type AgentChange,
  type AgentName,
  type AgentReport,
  AgentReportSchema,
  type AgentRunBody,
  AgentRunBodySchema,
  type AgentRunItem,
  type AgentRunResult,
  isPendingStep,
  type ReconCheck,
} from '@parser/contracts';
import {
  adjustConfidence,
  type AgentDocument,
  type AgentSettings,
  type DataEntryOutcome,
  duplicateKeyOf,
  followDerived,
  type KnowledgeDocument,
  type ReadDocument,
} from '@parser/extraction';
import type { FastifyBaseLogger } from 'fastify';

import type { Database, DbExecutor } from '../../db/client.js';
import type { Engine } from '../../engine/engine.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import type { TenantAuth } from '../../plugins/auth.js';
import type { PipelineDocTypes, PipelineFiles } from '../pipelines/pipeline-ports.js';
import { type RecordedEvent, systemAs } from '../pipelines/state-machine/pipeline-history.js';
import type {
  PipelineStateMachine,
  PipelineValueChanges,
} from '../pipelines/state-machine/pipeline-state-machine.js';

import { agentDocumentOf, applyChanges, currentValues, storedValues } from './agent-document.js';
import type { AgentPipelines } from './agent-pipelines.js';
import { runAgentBatchJob } from './agents.jobs.js';
import { AGENT_TOGGLE, type AgentsRepository } from './agents.repository.js';
import {
  AGENT_ACTORS,
  type CurrentChecks,
  derivedStillStanding,
  derivedValueEvents,
  reportMessage,
  withChecks,
} from './current-checks.js';

/** The optional AI model's pass after each agent's own rules (the ai-model module). */
export interface AgentModel {
  /**
   * The outcome with the model's changes added; the same outcome when it has none or fails, with
   * a warning for the history when it failed.
   */
  dataEntry(
    input: AgentModelInput & { outcome: DataEntryOutcome },
  ): Promise<{ outcome: DataEntryOutcome; warning?: string }>;
  /** Checks the type's instructions state in plain language; none, and a warning, when it fails. */
  reconciliation(input: AgentModelInput): Promise<{ checks: ReconCheck[]; warning?: string }>;
}

interface AgentModelInput {
  tenantId: string;
  pipelineId: string;
  docTypeId: string;
  doc: AgentDocument;
  knowledge: readonly KnowledgeDocument[];
}

export interface AgentsDeps {
  db: Database;
  agents: AgentsRepository;
  /** The pipelines the agents read (the pipelines module). */
  pipelines: AgentPipelines;
  /** Where an agent's changes to a pipeline are stored, with the history saying what it did. */
  pipelineState: Pick<PipelineStateMachine, 'change' | 'editedPlaces'>;
  docTypes: PipelineDocTypes;
  files: PipelineFiles;
  engine: Engine;
  queue: JobQueue;
  log: FastifyBaseLogger;
  /** The checks of the current values, which every data entry run brings up to date. */
  checks: CurrentChecks;
  /** Absent when no model is configured: the agents' own rules work alone. */
  model?: AgentModel | undefined;
}

/** Runs this small answer at once; larger runs go to the background and answer a run to poll. */
export const INLINE_RUN_LIMIT = 10;
/** Pipelines a background run works through between progress updates. */
export const RUN_BATCH_SIZE = 10;
/** Agent changes kept in one history entry; the report keeps them all. */
const CHANGES_PER_EVENT = 200;

/** An agent's result for one pipeline, ready to store in the caller's transaction. */
export interface PreparedAgentRun {
  message: string;
  /** Stores the result; false when the pipeline changed meanwhile. */
  store(trx: DbExecutor): Promise<boolean>;
}

/**
 * Where an agent runs: in a job (read a document in this process) or in a request (a reading not
 * cached yet is done by the job worker while the request waits, never in the request).
 */
type RunsIn = 'job' | 'request';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The data entry and reconciliation agents over pipelines: as a pipeline step, or on demand over
 * pending documents without changing their step.
 */
export class AgentsService {
  constructor(private readonly deps: AgentsDeps) {}

  /**
   * Runs an agent on one pipeline and prepares its result; nothing is stored until `store`.
   * Throws AppError when the pipeline cannot be worked on (no extraction yet, damaged data).
   */
  async prepare(
    tenantId: string,
    pipelineId: string,
    agent: AgentName,
    runsIn: RunsIn = 'job',
  ): Promise<PreparedAgentRun> {
    const row = await this.deps.pipelines.find(tenantId, pipelineId);
    if (!row) throw notFound('Pipeline');
    const docType = await this.deps.docTypes.findForPipeline(tenantId, row.docTypeId);
    if (!docType) {
      throw new AppError('INVALID_STATE', {
        message: 'The document type of this document was deleted',
      });
    }
    const { extracted, reviewed } = storedValues(row.extractedData, row.reviewedData);
    const [edited, knowledge, settings, reading] = await Promise.all([
      this.deps.pipelineState.editedPlaces(tenantId, pipelineId),
      this.knowledge(tenantId, row.docTypeId, agent),
      this.settings(tenantId),
      this.documentReading(tenantId, row.fileId, runsIn),
    ]);
    const doc = agentDocumentOf(docType, currentValues(extracted, reviewed), edited, reading);
    const previous = AgentReportSchema.safeParse(row.agentReport);
    const report: AgentReport = previous.success
      ? previous.data
      : { data_entry: null, reconciliation: null };
    const ranAt = new Date().toISOString();

    let write: PipelineValueChanges;
    let message: string;
    let changes: AgentChange[] = [];
    // Why the AI model's pass was not used, for the history; the agent's own result stands.
    let modelWarning: string | undefined;
    // Derived values worked out again and checks run again on the new values, for the history.
    let followUpEvents: RecordedEvent[] = [];
    if (agent === 'data_entry') {
      const ruled = await this.deps.engine.run('dataEntry', [doc, knowledge, settings]);
      // With an AI model, the type's data entry instructions and knowledge passages apply next.
      const withModel = await this.deps.model?.dataEntry({
        tenantId,
        pipelineId,
        docTypeId: row.docTypeId,
        doc,
        knowledge,
        outcome: ruled,
      });
      const outcome = withModel?.outcome ?? ruled;
      modelWarning = withModel?.warning;
      // Values derived earlier, or by this run's rules, follow what changed after them (the model
      // may correct the total a subtotal was derived from).
      const earlier = report.data_entry?.changes ?? [];
      const followed = followDerived(
        { ...doc, values: outcome.values },
        [...earlier, ...outcome.changes],
        outcome.changes,
      );
      const runChanges = [...outcome.changes, ...followed.changes];
      const next = applyChanges(extracted, reviewed, followed.values, runChanges);
      changes = runChanges;
      // A document with checks gets them on the values this run leaves.
      const checked = report.reconciliation
        ? await this.deps.checks.recheck(
            { tenantId, pipelineId, docTypeId: row.docTypeId, by: 'agent_ran' },
            { ...doc, values: followed.values },
            report.reconciliation,
            runChanges,
            'background',
          )
        : undefined;
      followUpEvents = [
        ...derivedValueEvents(followed.changes),
        ...(checked?.event ? [checked.event] : []),
      ];
      write = {
        extractedData: next.extracted,
        ...(next.reviewed ? { reviewedData: next.reviewed } : {}),
        agentReport: {
          ...report,
          data_entry: {
            ran_at: ranAt,
            changes: [...derivedStillStanding(earlier, runChanges), ...runChanges],
          },
          ...(checked ? { reconciliation: { ...checked.report, ran_at: ranAt } } : {}),
        },
        duplicateKey: duplicateKeyOf({ fields: doc.fields, values: followed.values }),
      };
      message =
        runChanges.length === 0
          ? 'No changes needed'
          : `${plural(runChanges.length, 'value')} improved`;
    } else {
      const key = duplicateKeyOf(doc);
      // With an AI model, the checks the type's instructions state in plain language.
      const withModel = await this.deps.model?.reconciliation({
        tenantId,
        pipelineId,
        docTypeId: row.docTypeId,
        doc,
        knowledge,
      });
      modelWarning = withModel?.warning;
      const recon = withChecks(
        await this.deps.checks.ruleChecks(
          tenantId,
          pipelineId,
          doc,
          knowledge,
          settings,
          'background',
        ),
        withModel?.checks ?? [],
      );
      write = {
        extractedData: adjustConfidence(extracted, recon),
        agentReport: { ...report, reconciliation: { ...recon, ran_at: ranAt } },
        duplicateKey: key,
      };
      message = reportMessage(recon);
    }

    return {
      message,
      store: async (trx) => {
        // Stored only if the pipeline is still at the version read: a person's save meanwhile wins.
        const actor = systemAs(AGENT_ACTORS[agent]);
        const version = await this.deps.pipelineState.change(
          { tenantId, pipelineId },
          { version: row.version },
          write,
          [
            ...(modelWarning
              ? [
                  {
                    kind: 'model_warning' as const,
                    data: { step: agent, message: modelWarning },
                    actor,
                  },
                ]
              : []),
            ...followUpEvents,
            {
              kind: 'agent_ran',
              data: {
                agent,
                message,
                ...(agent === 'data_entry'
                  ? {
                      changes: changes.slice(0, CHANGES_PER_EVENT),
                      ...(changes.length > CHANGES_PER_EVENT
                        ? { more_changes: changes.length - CHANGES_PER_EVENT }
                        : {}),
                    }
                  : {}),
              },
              actor,
            },
          ],
          trx,
        );
        return version !== undefined;
      },
    };
  }

  /** Runs an agent on one pending pipeline now and stores the result; never throws. */
  async runOne(
    tenantId: string,
    pipelineId: string,
    agent: AgentName,
    runsIn: RunsIn = 'job',
  ): Promise<AgentRunItem> {
    const failure = (message: string): AgentRunItem => ({
      pipeline_id: pipelineId,
      success: false,
      message,
    });
    try {
      // A reviewer saving meanwhile moves the version on: read again and retry once.
      for (let attempt = 0; attempt < 2; attempt++) {
        const row = await this.deps.pipelines.find(tenantId, pipelineId);
        if (!row) return failure('Document not found');
        if (!isPendingStep(row.currentStep)) {
          return failure(
            `The document is at ${row.currentStep}; agents run on documents waiting for review or approval`,
          );
        }
        const prepared = await this.prepare(tenantId, pipelineId, agent, runsIn);
        const stored = await this.deps.db.transaction().execute((trx) => prepared.store(trx));
        if (stored) return { pipeline_id: pipelineId, success: true, message: prepared.message };
      }
      return failure('The document kept changing while the agent ran; run it again');
    } catch (error) {
      if (error instanceof AppError) return failure(error.message);
      this.deps.log.error({ err: error, pipelineId, agent }, 'agent run failed');
      return failure('The agent could not process this document');
    }
  }

  /**
   * POST /api/agents/{agent}/run: over the listed pipelines (all the company's, else 404) or
   * 'all' pending of types that enable the agent. Small runs answer finished; larger ones run in
   * the background and answer a run id to poll.
   */
  async run(auth: TenantAuth, agent: AgentName, input: AgentRunBody): Promise<AgentRunResult> {
    const body = AgentRunBodySchema.parse(input);
    let ids: string[];
    if (body.pipeline_ids === 'all') {
      ids = await this.deps.pipelines.pendingWithAgent(auth.tenantId, AGENT_TOGGLE[agent]);
    } else {
      ids = [...new Set(body.pipeline_ids.map((id) => assertId(id, 'Pipeline')))];
      const owned = await this.deps.pipelines.ownedIds(auth.tenantId, ids);
      if (owned.size !== ids.length) throw notFound('Pipeline');
    }
    if (ids.length <= INLINE_RUN_LIMIT) {
      const results: AgentRunItem[] = [];
      for (const id of ids) results.push(await this.runOne(auth.tenantId, id, agent, 'request'));
      return resultOf(agent, null, 'completed', ids.length, results);
    }
    const runId = await this.deps.db.transaction().execute(async (trx) => {
      const id = await this.deps.agents.insertRun(
        { tenantId: auth.tenantId, agent, pipelineIds: ids, createdBy: auth.userId },
        trx,
      );
      await this.deps.queue.enqueue(
        runAgentBatchJob,
        { runId: id },
        { tenantId: auth.tenantId, dedupeKey: `agent-run:${id}` },
        trx,
      );
      return id;
    });
    return resultOf(agent, runId, 'running', ids.length, []);
  }

  /** GET /api/agents/runs/{id}: a background run's progress. */
  async getRun(auth: TenantAuth, runId: string): Promise<AgentRunResult> {
    const run = await this.deps.agents.findRun(assertId(runId, 'Agent run'), auth.tenantId);
    if (!run) throw notFound('Agent run');
    return resultOf(
      run.agent,
      run.id,
      run.status,
      run.pipelineIds.length,
      run.results as AgentRunItem[],
    );
  }

  /**
   * The background run's job: works through the pipelines not yet done, a batch at a time,
   * storing progress after each. A retry after a crash picks up where it stopped.
   */
  async continueRun(runId: string): Promise<void> {
    const run = await this.deps.agents.findRun(runId);
    if (!run || run.status === 'completed') return;
    const done = new Set((run.results as AgentRunItem[]).map((result) => result.pipeline_id));
    const remaining = run.pipelineIds.filter((id) => !done.has(id));
    if (remaining.length === 0) {
      await this.deps.agents.appendResults(runId, [], true);
      return;
    }
    for (let start = 0; start < remaining.length; start += RUN_BATCH_SIZE) {
      const batch = remaining.slice(start, start + RUN_BATCH_SIZE);
      const results: AgentRunItem[] = [];
      for (const id of batch) results.push(await this.runOne(run.tenantId, id, run.agent));
      await this.deps.agents.appendResults(
        runId,
        results,
        start + RUN_BATCH_SIZE >= remaining.length,
      );
    }
  }

  private knowledge(
    tenantId: string,
    docTypeId: string,
    agent: AgentName,
  ): Promise<KnowledgeDocument[]> {
    return this.deps.checks.knowledge(tenantId, docTypeId, agent);
  }

  private settings(tenantId: string): Promise<AgentSettings> {
    return this.deps.checks.settings(tenantId);
  }

  /**
   * The document's cached reading: its text for the date order it prints, its pages for how
   * surely each figure was read; no text and no pages when unreadable. A reading that outlasts a
   * request's wait fails that document's run with the reason (the reading goes on), rather than
   * running the agent on no text.
   */
  private async documentReading(
    tenantId: string,
    fileId: string,
    runsIn: RunsIn,
  ): Promise<Pick<ReadDocument, 'text' | 'pages'>> {
    try {
      return runsIn === 'request'
        ? await this.deps.files.awaitReading(tenantId, fileId)
        : await this.deps.files.read(tenantId, fileId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'ENGINE_BUSY') throw error;
      return { text: '', pages: [] };
    }
  }
}

function resultOf(
  agent: AgentName,
  runId: string | null,
  status: 'running' | 'completed',
  total: number,
  results: AgentRunItem[],
): AgentRunResult {
  const successful = results.filter((result) => result.success).length;
  const failed = results.length - successful;
  return {
    success: failed === 0,
    processed: results.length,
    successful,
    failed,
    results,
    agent,
    run_id: runId,
    status,
    total,
  };
}
