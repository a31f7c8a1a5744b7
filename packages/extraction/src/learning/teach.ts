/**
 * Lessons into hints. A reading confirmed again grows stronger (up to a cap, so a long-standing
 * hint can still be retired); every lesson that puts the value elsewhere weakens it, and a hint
 * with no strength left is dropped, its place taken by the reading the corrections agree on.
 */
import { compact } from '../extract/layout.js';
import {
  type ColumnHint,
  type ColumnObservation,
  type FieldHint,
  type FieldObservation,
  type Lesson,
  NO_HINTS,
  type VendorHints,
} from './hint-types.js';
import { mergeEvidence } from './value-evidence.js';

/** Confirmations beyond this add nothing: three contradictions retire any hint. */
export const MAX_STRENGTH = 3;
/** Competing readings kept per field. */
const KEPT = 3;
/** How far (as a share of the page) a value standing alone may move and still be "the same place". */
const PLACE_TOLERANCE = 0.04;

const centre = (b: readonly number[]) => [
  ((b[0] ?? 0) + (b[2] ?? 0)) / 2,
  ((b[1] ?? 0) + (b[3] ?? 0)) / 2,
];

/** Whether a new observation confirms a hint: same label and side, or the same spot, and format. */
export function confirms(hint: FieldObservation, seen: FieldObservation): boolean {
  if (hint.place !== seen.place) return false;
  if (hint.dateOrder && seen.dateOrder && hint.dateOrder !== seen.dateOrder) return false;
  if (hint.decimalMark && seen.decimalMark && hint.decimalMark !== seen.decimalMark) return false;
  if (hint.place !== 'page') return compact(hint.label ?? '') === compact(seen.label ?? '');
  const [hx, hy] = centre(hint.at);
  const [sx, sy] = centre(seen.at);
  return (
    hint.page === seen.page &&
    Math.abs((hx ?? 0) - (sx ?? 0)) <= PLACE_TOLERANCE * 2 &&
    Math.abs((hy ?? 0) - (sy ?? 0)) <= PLACE_TOLERANCE
  );
}

/** One step of the competition between readings of one field (or column). */
function compete<T extends { strength: number }>(
  current: readonly T[],
  seen: Omit<T, 'strength'>,
  same: (hint: T) => boolean,
  // a confirmation keeps formats the new document could not tell (an unambiguous date)
  merge: (hint: T, seen: Omit<T, 'strength'>) => Omit<T, 'strength'>,
): T[] {
  const at = current.findIndex(same);
  const next = current.map((hint, i) =>
    i === at
      ? ({ ...merge(hint, seen), strength: Math.min(MAX_STRENGTH, hint.strength + 1) } as T)
      : { ...hint, strength: hint.strength - 1 },
  );
  if (at < 0) next.push({ ...seen, strength: 1 } as T);
  // stable: on equal strength the reading held longer stays first
  return next
    .filter((hint) => hint.strength > 0)
    .sort((a, b) => b.strength - a.strength)
    .slice(0, KEPT);
}

const columnKey = (c: Pick<ColumnObservation, 'table' | 'column'>) => `${c.table}.${c.column}`;

/** The hints after one more reviewed document. */
export function teach(hints: VendorHints, lesson: Lesson): VendorHints {
  const fields = { ...hints.fields };
  for (const seen of lesson.fields) {
    fields[seen.field] = compete<FieldHint>(
      fields[seen.field] ?? [],
      seen,
      (hint) => confirms(hint, seen),
      (hint, s) => {
        const evidence = mergeEvidence(hint.evidence, s.evidence);
        return {
          ...s,
          dateOrder: s.dateOrder ?? hint.dateOrder,
          decimalMark: s.decimalMark ?? hint.decimalMark,
          ...(evidence ? { evidence } : {}),
        };
      },
    );
  }
  const columns = { ...hints.columns };
  for (const seen of lesson.columns) {
    const key = columnKey(seen);
    columns[key] = compete<ColumnHint>(
      columns[key] ?? [],
      seen,
      (hint) => compact(hint.header) === compact(seen.header),
      (_hint, s) => s,
    );
  }
  return { fields, columns };
}

/** The hints a vendor's lessons add up to, oldest lesson first. */
export const hintsFrom = (lessons: readonly Lesson[]): VendorHints =>
  lessons.reduce(teach, NO_HINTS);
