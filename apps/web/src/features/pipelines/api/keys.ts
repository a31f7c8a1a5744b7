/** Every query about pipelines starts with this key, so one invalidation refreshes them all. */
export const PIPELINES_KEY = ['pipelines'] as const;

/** Spec section 4: how often the lists and counters refresh. */
export const REFRESH_MS = {
  pendingReview: 15_000,
  pendingApproval: 5_000,
  dashboard: 30_000,
} as const;

/** `?doc_type_id=…&limit=…&cursor=…` with the unset parts left out. */
export function listQueryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
