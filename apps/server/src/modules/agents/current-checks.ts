import {
  type AgentChange,
  type AgentName,
  type AgentReport,
  AgentReportSchema,
  type ReconCheck,
  type ReconReport,
  type ValueRef,
} from '@parser/contracts';
import {
  type AgentDocument,
  type AgentSettings,
  duplicateKeyOf,
  type EnginePriority,
  followDerived,
  type KnowledgeDocument,
  type ReadDocument,
} from '@parser/extraction';

import { type Engine, runForRequest } from '../../engine/engine.js';
import type {
  ChangedValues,
  PipelineChecks,
  PipelineFiles,
  ValuesChangedBy,
  ValuesFollowUp,
} from '../pipelines/pipeline-ports.js';
import { systemAs } from '../pipelines/state-machine/pipeline-history.js';
import type { PipelineStateMachine } from '../pipelines/state-machine/pipeline-state-machine.js';
import type { CompanySettingsService } from '../tenants/company-settings.service.js';

import { agentDocumentOf, applyChanges, currentValues } from './agent-document.js';
import type { AgentPipelines } from './agent-pipelines.js';
import type { AgentsRepository } from './agents.repository.js';

/** Who the history says did an agent's work. */
export const AGENT_ACTORS: Record<AgentName, string> = {
  data_entry: 'Data entry agent',
  reconciliation: 'Reconciliation agent',
};

/** Derived values worked out again recorded one by one; a sum of many lines is rarely more. */
const DERIVED_EVENTS = 50;

const NO_READING: Pick<ReadDocument, 'text' | 'pages'> = { text: '', pages: [] };

/** A history entry of the follow-up, recorded with the change that caused it. */
type FollowUpEvent = ValuesFollowUp['events'][number];

export interface CurrentChecksDeps {
  agents: AgentsRepository;
  /** Other pipelines sharing a document's duplicate key (the pipelines module). */
  pipelines: Pick<AgentPipelines, 'duplicates'>;
  /** The places people edited, which the agents leave alone. */
  pipelineState: Pick<PipelineStateMachine, 'editedPlaces'>;
  files: PipelineFiles;
  companySettings: CompanySettingsService;
  engine: Engine;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The report in one sentence, as an agent run and the history state it. */
export function reportMessage(report: ReconReport): string {
  const firstFailure = report.checks.find((check) => check.status === 'fail');
  return firstFailure
    ? `${plural(report.summary.fail, 'check')} failed: ${firstFailure.message}`
    : `All ${plural(report.summary.pass, 'check')} passed${report.summary.warn ? `, ${report.summary.warn} with warnings` : ''}`;
}

/** The report with more checks, failures first and the summary counted again. */
export function withChecks(report: ReconReport, more: readonly ReconCheck[]): ReconReport {
  if (more.length === 0) return report;
  const rank = { fail: 0, warn: 1, pass: 2 } as const;
  const checks = [...report.checks, ...more].sort((a, b) => rank[a.status] - rank[b.status]);
  const count = (status: ReconCheck['status']) => checks.filter((c) => c.status === status).length;
  return {
    ...report,
    checks,
    summary: { pass: count('pass'), warn: count('warn'), fail: count('fail') },
  };
}

/**
 * The checks of a pipeline's current values, worked out the one way the reconciliation agent works
 * them out, and run again whenever the values change: a saved review, a data entry run, extraction
 * run again. Values an agent derived from others follow those others first, so the checks are of
 * the values a person sees, approves and exports.
 */
export class CurrentChecks implements PipelineChecks {
  constructor(private readonly deps: CurrentChecksDeps) {}

  /** The texts of the type's knowledge documents enabled for the agent. */
  async knowledge(
    tenantId: string,
    docTypeId: string,
    agent: AgentName,
  ): Promise<KnowledgeDocument[]> {
    const rows = await this.deps.agents.knowledgeFor(tenantId, docTypeId, agent);
    return rows.map((row) => ({
      name: row.name,
      kind:
        row.contentType.includes('csv') || /\.csv$/i.test(row.originalFilename) ? 'csv' : 'text',
      text: row.text,
    }));
  }

  /** The company's fallbacks the agents use when a document does not tell. */
  async settings(tenantId: string): Promise<AgentSettings> {
    const settings = await this.deps.companySettings.get(tenantId);
    return {
      usualDateOrder: settings.usual_date_order,
      usualCurrency: settings.usual_currency,
      today: new Date().toISOString().slice(0, 10),
    };
  }

  /** The reconciliation agent's own checks of a document, duplicates of its key included. */
  async ruleChecks(
    tenantId: string,
    pipelineId: string,
    doc: AgentDocument,
    knowledge: readonly KnowledgeDocument[],
    settings: AgentSettings,
    priority: EnginePriority,
  ): Promise<ReconReport> {
    const key = duplicateKeyOf(doc);
    const duplicates = key ? await this.deps.pipelines.duplicates(tenantId, pipelineId, key) : [];
    const args = [
      doc,
      knowledge,
      settings,
      duplicates.map((d) => ({ pipeline_id: d.id, original_filename: d.originalFilename })),
    ] as const;
    // A person waiting on a save gets the engine's reason as a 422 rather than an opaque failure.
    return priority === 'interactive'
      ? runForRequest(this.deps.engine, 'reconcile', [...args])
      : this.deps.engine.run('reconcile', [...args], priority);
  }

  /**
   * The checks run again on the document's values after a change. The AI model's checks of the
   * type's instructions are not asked again (a model call per save); they are kept, and those the
   * change may have made out of date say so.
   */
  async recheck(
    change: { tenantId: string; pipelineId: string; docTypeId: string; by: ValuesChangedBy },
    doc: AgentDocument,
    previous: ReconReport | null,
    changed: readonly ValueRef[],
    priority: EnginePriority,
  ): Promise<{ report: ReconReport; duplicateKey: string | null; event?: FollowUpEvent }> {
    const [knowledge, settings] = await Promise.all([
      this.knowledge(change.tenantId, change.docTypeId, 'reconciliation'),
      this.settings(change.tenantId),
    ]);
    const rules = await this.ruleChecks(
      change.tenantId,
      change.pipelineId,
      doc,
      knowledge,
      settings,
      priority,
    );
    const report = withChecks(rules, keptInstructionChecks(previous, changed));
    const outcomeChanged = previous === null || outcomeOf(previous) !== outcomeOf(report);
    return {
      report,
      duplicateKey: duplicateKeyOf(doc),
      ...(outcomeChanged
        ? {
            event: {
              kind: 'checks_rerun',
              data: { after: change.by, message: reportMessage(report), summary: report.summary },
              actor: systemAs(AGENT_ACTORS.reconciliation),
            },
          }
        : {}),
    };
  }

  async followUp(change: ChangedValues): Promise<ValuesFollowUp> {
    const parsed = AgentReportSchema.safeParse(change.agentReport);
    const report = parsed.success ? parsed.data : null;
    // What people edited stays theirs: the history's edits, and this save's own.
    const edited = [
      ...(await this.deps.pipelineState.editedPlaces(change.tenantId, change.pipelineId)),
      ...(change.by === 'review_saved' ? change.changed : []),
    ];
    let { extracted, reviewed } = change;
    let values = currentValues(extracted, reviewed);
    let nextReport: AgentReport | undefined;
    const events: FollowUpEvent[] = [];
    const changed = [...change.changed];

    const history = report?.data_entry?.changes ?? [];
    const followed = followDerived(
      agentDocumentOf(change.docType, values, edited, NO_READING),
      history,
      change.changed,
    );
    if (report?.data_entry && followed.changes.length > 0) {
      ({ extracted, reviewed } = applyChanges(
        extracted,
        reviewed,
        followed.values,
        followed.changes,
      ));
      values = followed.values;
      nextReport = {
        ...report,
        data_entry: { ...report.data_entry, changes: [...history, ...followed.changes] },
      };
      events.push(...derivedValueEvents(followed.changes));
      changed.push(...followed.changes);
    }

    const hasChecks = report?.reconciliation != null || change.docType.agentsEnabled.recon;
    if (!hasChecks) {
      return { extracted, reviewed, ...(nextReport ? { agentReport: nextReport } : {}), events };
    }
    const reading = await this.readingFor(change.tenantId, change.fileId);
    const checked = await this.recheck(
      { ...change, docTypeId: change.docType.id },
      agentDocumentOf(change.docType, values, edited, reading),
      report?.reconciliation ?? null,
      changed,
      'interactive',
    );
    if (checked.event) events.push(checked.event);
    return {
      extracted,
      reviewed,
      agentReport: {
        ...(nextReport ?? report ?? { data_entry: null, reconciliation: null }),
        reconciliation: { ...checked.report, ran_at: new Date().toISOString() },
      },
      duplicateKey: checked.duplicateKey,
      events,
    };
  }

  /**
   * The document's kept reading, for the checks that weigh how surely a figure was read. Without
   * it (still being read, or unreadable) the checks run on the values alone rather than holding up
   * the save: a doubtful figure then fails its sum instead of warning, which errs on the safe side.
   */
  private async readingFor(
    tenantId: string,
    fileId: string,
  ): Promise<Pick<ReadDocument, 'text' | 'pages'>> {
    try {
      return await this.deps.files.awaitReading(tenantId, fileId);
    } catch {
      return NO_READING;
    }
  }
}

/** A place as a ref, whatever else the change carries. */
const placeOf = (ref: ValueRef): ValueRef =>
  ref.field !== undefined
    ? { field: ref.field }
    : { table: ref.table, row: ref.row, column: ref.column };

/** The history entries of derived values worked out again, so a reviewer sees what moved. */
export function derivedValueEvents(changes: readonly AgentChange[]): FollowUpEvent[] {
  return changes.slice(0, DERIVED_EVENTS).map((change) => ({
    kind: 'derived_value_updated',
    data: { ...placeOf(change), old: change.old, new: change.new, reason: change.reason },
    actor: systemAs(AGENT_ACTORS.data_entry),
  }));
}

/**
 * The derived values of earlier runs that a new run did not change, kept in the report with the
 * run's own changes: they still follow their sources when those change later.
 */
export function derivedStillStanding(
  earlier: readonly AgentChange[],
  run: readonly AgentChange[],
): AgentChange[] {
  const key = (ref: ValueRef) => JSON.stringify(placeOf(ref));
  const latest = new Map<string, AgentChange>();
  for (const change of earlier) latest.set(key(change), change);
  const touched = new Set(run.map(key));
  return [...latest.entries()]
    .filter(([place, change]) => change.derived && !touched.has(place))
    .map(([, change]) => change);
}

const STALE_NOTE =
  ' (judged on the values before they changed; run the reconciliation agent again)';

/**
 * The model's instruction checks of the previous report. One that cites a changed value, or cites
 * none (it may rest on any), was judged on other values: it keeps its verdict, so a failure still
 * needs a person's attention, and says it may be out of date.
 */
function keptInstructionChecks(
  previous: ReconReport | null,
  changed: readonly ValueRef[],
): ReconCheck[] {
  const touched = (ref: ValueRef) =>
    changed.some((c) =>
      ref.field !== undefined
        ? c.field === ref.field
        : c.table === ref.table && c.row === ref.row && c.column === ref.column,
    );
  return (previous?.checks ?? [])
    .filter((check) => check.kind === 'instruction')
    .map((check) => {
      const outOfDate =
        changed.length > 0 && (check.fields.length === 0 || check.fields.some(touched));
      return outOfDate && !check.message.endsWith(STALE_NOTE)
        ? { ...check, message: `${check.message}${STALE_NOTE}` }
        : check;
    });
}

/** What a report says, for telling whether running the checks again changed it. */
function outcomeOf(report: ReconReport): string {
  return JSON.stringify(
    report.checks
      .filter((check) => check.status !== 'pass')
      .map((check) => `${check.status}:${check.message}`)
      .sort(),
  );
}
