import { z } from 'zod';

import { AgentChangeSchema, AgentName, ValueRefSchema } from './agents.js';
import { PipelineStep } from './pipeline-steps.js';

/** A value as the history records it (the review's value types; pipeline.ts imports this file). */
const RecordedValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const NotesSchema = z.object({ notes: z.string() });

/** One value a person changed: where it sits, what it was and what it became. */
const ValueEditSchema = ValueRefSchema.extend({
  old: RecordedValueSchema,
  new: RecordedValueSchema,
});

export const HistoryKind = z.enum([
  'created',
  'step_changed',
  'field_edited',
  'review_saved',
  'review_submitted',
  'approved',
  'rejected',
  'assigned',
  'failed',
  'retried',
  're_extracted',
  'agent_ran',
  'model_warning',
  'einvoice_warning',
  'checks_rerun',
  'derived_value_updated',
]);
export type HistoryKind = z.infer<typeof HistoryKind>;

/**
 * Each kind of history entry with the data it records, defined once: the server writes entries
 * only in these shapes, and reads them back by them.
 */
export const HISTORY_EVENT_DATA = {
  /** The document was uploaded into a new pipeline. */
  created: z.object({ upload_id: z.string() }),
  /** The pipeline moved from one step to another. */
  step_changed: z.object({ from: PipelineStep, to: PipelineStep }),
  /** A person changed a value; past the per-save limit one entry counts the rest. */
  field_edited: z.union([ValueEditSchema, z.object({ more_edits: z.number().int() })]),
  review_saved: NotesSchema,
  review_submitted: NotesSchema,
  /** failed_checks: the messages of the failed checks the approver approved with. */
  approved: NotesSchema.extend({
    failed_checks: z.array(z.string()).optional(),
    /** The approval came from a client that does not ask for the confirmation. */
    failed_checks_unconfirmed: z.literal(true).optional(),
  }),
  rejected: NotesSchema,
  /** Sent to a colleague (or to nobody) for approval. */
  assigned: NotesSchema.extend({
    to: z.object({ id: z.string(), email: z.string() }).nullable(),
  }),
  /** An automatic step gave up, with the reason users see. */
  failed: z.object({ step: PipelineStep, reason: z.string() }),
  /** A failed pipeline was sent through extraction again. */
  retried: z.object({ failed_step: PipelineStep.nullable(), reason: z.string().nullable() }),
  re_extracted: z.object({}),
  /** An agent ran; a data entry run lists its changes (the first ones, the rest counted). */
  agent_ran: z.object({
    agent: AgentName,
    message: z.string(),
    changes: z.array(AgentChangeSchema).optional(),
    more_changes: z.number().int().optional(),
  }),
  /** The AI model's answer was not (all) used; the offline result was kept. */
  model_warning: z.object({
    step: z.enum(['extraction', 'data_entry', 'reconciliation']),
    message: z.string(),
  }),
  /**
   * A PDF's embedded e-invoice XML could not be read (message says why, e.g. "it is not
   * well-formed XML"); the values were read from the page.
   */
  einvoice_warning: z.object({ step: z.literal('extraction'), message: z.string() }),
  /**
   * The checks were worked out again on the values as they now are, recorded when their outcome
   * changed; `after` names the change.
   */
  checks_rerun: z.object({
    after: z.enum(['review_saved', 're_extracted', 'agent_ran']),
    message: z.string(),
    summary: z.object({ pass: z.number().int(), warn: z.number().int(), fail: z.number().int() }),
  }),
  /** A value an agent derived from others was worked out again (or cleared) as those changed. */
  derived_value_updated: ValueEditSchema.extend({ reason: z.string() }),
  // Every kind has its data, and nothing else has: the two lists cannot drift apart.
} as const satisfies Record<HistoryKind, z.ZodType>;

/** One history event with its data: a union discriminated by `kind`. */
export type HistoryEvent = {
  [K in HistoryKind]: { kind: K; data: z.infer<(typeof HISTORY_EVENT_DATA)[K]> };
}[HistoryKind];

/** The event of one kind, e.g. `HistoryEventOf<'step_changed'>`. */
export type HistoryEventOf<K extends HistoryKind> = Extract<HistoryEvent, { kind: K }>;

/**
 * A stored entry this version cannot read: a kind it does not know (written by a newer version,
 * or by hand), or a known kind whose data is not that kind's.
 */
export interface UnreadableHistoryEvent {
  kind: 'unknown';
  storedKind: string;
  storedData: unknown;
}

/** A stored entry read back by its kind's schema; never mistaken for another kind. */
export function readHistoryEvent(
  kind: string,
  data: unknown,
): HistoryEvent | UnreadableHistoryEvent {
  const known = HistoryKind.safeParse(kind);
  if (known.success) {
    const parsed = HISTORY_EVENT_DATA[known.data].safeParse(data);
    if (parsed.success) return { kind: known.data, data: parsed.data } as HistoryEvent;
  }
  return { kind: 'unknown', storedKind: kind, storedData: data };
}

/**
 * How an entry's kind reads in the API: one of the kinds above, or 'unknown' for a stored kind
 * this version does not know (its data then holds `stored_kind` and `stored_data`).
 */
export const HistoryEntryKind = z.enum([...HistoryKind.options, 'unknown']);
export type HistoryEntryKind = z.infer<typeof HistoryEntryKind>;

/** One entry of a pipeline's history: what happened, who did it (e-mail, key name or 'System'), when. */
export const HistoryEntrySchema = z.object({
  id: z.number().int(),
  kind: HistoryEntryKind,
  actor: z.string(),
  at: z.string(),
  /** The kind's data as HISTORY_EVENT_DATA describes it, as it was stored. */
  data: z.record(z.string(), z.unknown()),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
