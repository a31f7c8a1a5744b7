import { type FormValues, newRowId } from './review-values';

/** Unsaved edits kept in this browser, so a closed tab or a crash does not lose them. */
export interface ReviewDraft {
  /** The record version the edits were made on: a draft is offered back only on that version. */
  version: number;
  values: FormValues;
  notes: string;
  /** When the draft was last written (ISO). */
  saved_at: string;
}

/** One draft per pipeline: a newer one replaces it, a save removes it. */
const keyOf = (pipelineId: string) => `parser.review-draft.${pipelineId}`;

function isDraft(value: unknown): value is ReviewDraft {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Partial<ReviewDraft>;
  return (
    typeof draft.version === 'number' &&
    typeof draft.notes === 'string' &&
    typeof draft.saved_at === 'string' &&
    !!draft.values &&
    typeof draft.values.fields === 'object' &&
    typeof draft.values.tables === 'object'
  );
}

/** The draft kept for this pipeline at this version, if any (an unreadable one counts as none). */
export function readDraft(pipelineId: string, version: number): ReviewDraft | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyOf(pipelineId)) ?? 'null');
    if (!isDraft(parsed) || parsed.version !== version) return null;
    // Row ids only need to be unique on this page: give restored rows fresh ones.
    const tables = Object.fromEntries(
      Object.entries(parsed.values.tables).map(([table, rows]) => [
        table,
        rows.map((row) => ({ ...row, rowId: newRowId() })),
      ]),
    );
    return { ...parsed, values: { ...parsed.values, tables } };
  } catch {
    return null;
  }
}

export function writeDraft(pipelineId: string, draft: Omit<ReviewDraft, 'saved_at'>): void {
  try {
    const saved: ReviewDraft = { ...draft, saved_at: new Date().toISOString() };
    localStorage.setItem(keyOf(pipelineId), JSON.stringify(saved));
  } catch {
    // Storage full or off: the navigation warning still protects the edits on this page.
  }
}

export function clearDraft(pipelineId: string): void {
  try {
    localStorage.removeItem(keyOf(pipelineId));
  } catch {
    // Nothing was stored.
  }
}
