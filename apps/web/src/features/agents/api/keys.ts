/**
 * Agent stats sit under the pipelines' key: every change to pipelines (an upload, a decision,
 * an agent run) refreshes them with one invalidation.
 */
export const AGENT_STATS_KEY = ['pipelines', 'agent-stats'] as const;

/** Background agent runs, by id. */
export const AGENT_RUNS_KEY = ['agent-runs'] as const;

/** Spec section 4: agent stats refresh every 30 s. */
export const AGENT_STATS_REFRESH_MS = 30_000;

/** How often a background run's progress is polled while it works. */
export const RUN_PROGRESS_MS = 1_000;
