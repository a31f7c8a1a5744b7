import { z } from 'zod';

/** A value as the agents read and write it (the review's value types; pipeline.ts imports this file). */
const AgentValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** The two agents, as the run routes and the stored reports name them. */
export const AgentName = z.enum(['data_entry', 'reconciliation']);
export type AgentName = z.infer<typeof AgentName>;

/** Most pipelines one explicit run names; 'all' has no such limit (it runs in the background). */
export const MAX_AGENT_RUN_IDS = 500;

/** POST /api/agents/{data-entry|reconciliation}/run: the pipelines to run over, or 'all' pending. */
export const AgentRunBodySchema = z.object({
  pipeline_ids: z.union(
    [
      z.literal('all'),
      z
        .array(z.string().max(100))
        .min(1, 'Name at least one pipeline')
        .max(MAX_AGENT_RUN_IDS, `At most ${MAX_AGENT_RUN_IDS} pipelines per run`),
    ],
    { error: "pipeline_ids must be a list of pipeline ids or 'all'" },
  ),
});
export type AgentRunBody = z.infer<typeof AgentRunBodySchema>;

/** How one pipeline fared in a run. */
export const AgentRunItemSchema = z.object({
  pipeline_id: z.string(),
  success: z.boolean(),
  /** What the agent did ("3 values improved", "2 checks failed") or why it could not run. */
  message: z.string(),
});
export type AgentRunItem = z.infer<typeof AgentRunItemSchema>;

/**
 * The spec's agent run result. A small run answers finished; a large one answers at once with
 * `status` 'running' and a `run_id` to poll (GET /api/agents/runs/{id}) while the counts grow.
 */
export const AgentRunResultSchema = z.object({
  success: z.boolean(),
  processed: z.number().int(),
  successful: z.number().int(),
  failed: z.number().int(),
  results: z.array(AgentRunItemSchema),
  /** Which agent ran. */
  agent: AgentName,
  /** The background run to poll, or null when the answer is already final. */
  run_id: z.string().nullable(),
  status: z.enum(['running', 'completed']),
  /** How many pipelines the run covers (processed reaches it when the run completes). */
  total: z.number().int(),
});
export type AgentRunResult = z.infer<typeof AgentRunResultSchema>;

/** Where a value sits: a single field, or one cell of a table row (row counted from 0). */
export const ValueRefSchema = z.object({
  field: z.string().optional(),
  table: z.string().optional(),
  row: z.number().int().optional(),
  column: z.string().optional(),
});
export type ValueRef = z.infer<typeof ValueRefSchema>;

/** One value the data entry agent changed, and why. */
export const AgentChangeSchema = ValueRefSchema.extend({
  old: AgentValueSchema,
  new: AgentValueSchema,
  reason: z.string(),
  /** 'rule' for the agent's own rules, else the name of the knowledge document the value came from. */
  source: z.string(),
  /** True when arithmetic determined the value rather than the document printing it. */
  derived: z.boolean().optional(),
  /**
   * For a derived value: the values it was worked out from. A table named without row and column
   * stands for its lines, so a sum of thousands of lines is named once.
   */
  from: z.array(ValueRefSchema).optional(),
});
export type AgentChange = z.infer<typeof AgentChangeSchema>;

export const CheckStatus = z.enum(['pass', 'warn', 'fail']);
export type CheckStatus = z.infer<typeof CheckStatus>;

/** One reconciliation check. */
export const ReconCheckSchema = z.object({
  /**
   * What was checked: arithmetic, required, type, date, duplicate, reference, einvoice (the
   * embedded e-invoice XML against the printed page), and instruction (a check the type's
   * instructions state in plain language, judged by the AI model when one is configured).
   */
  kind: z.enum([
    'arithmetic',
    'required',
    'type',
    'date',
    'duplicate',
    'reference',
    'einvoice',
    'instruction',
  ]),
  status: CheckStatus,
  message: z.string(),
  /** The values the check involves; failing ones are marked on the review form. */
  fields: z.array(ValueRefSchema),
  /** For a failed sum: how far apart the two sides are. */
  difference: z.number().optional(),
  /** For a failed sum: the value most likely misread, and what it would read to make the sums agree. */
  suspect: ValueRefSchema.extend({ expected: z.number() }).optional(),
  /** For a duplicate: the other document. */
  duplicate_of: z.object({ pipeline_id: z.string(), original_filename: z.string() }).optional(),
});
export type ReconCheck = z.infer<typeof ReconCheckSchema>;

/**
 * The reconciliation agent's report, stored with the pipeline. It is worked out again on the
 * current values whenever they change (a saved review, a data entry run), so it is always the
 * report of the values a person sees, approves and exports.
 */
export const ReconReportSchema = z.object({
  ran_at: z.string(),
  summary: z.object({
    pass: z.number().int(),
    warn: z.number().int(),
    fail: z.number().int(),
  }),
  checks: z.array(ReconCheckSchema),
});
export type ReconReport = z.infer<typeof ReconReportSchema>;

/** What the agents last did to a pipeline: the review screen shows it beside the fields. */
export const AgentReportSchema = z.object({
  data_entry: z.object({ ran_at: z.string(), changes: z.array(AgentChangeSchema) }).nullable(),
  reconciliation: ReconReportSchema.nullable(),
});
export type AgentReport = z.infer<typeof AgentReportSchema>;
