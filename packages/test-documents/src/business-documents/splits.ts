/**
 * The development/check split. Every list of phrasings keeps its last third (at least one) for
 * the check split, and each kind shows two of the five label–value arrangements and one table
 * ruling only in the check split, so a reader tuned on development documents is measured on
 * wordings and places it never saw.
 */
import type { Language } from '../corpus/languages.js';
import {
  ARRANGEMENTS,
  type Arrangement,
  KIND_IDS,
  type KindId,
  type Phrasings,
  type Split,
  TABLE_RULINGS,
  type TableRuling,
} from './model.js';

/** The items of a list a split may use: the last third (at least one) is held out for check. */
export function splitOf<T>(items: readonly T[], split: Split): readonly T[] {
  if (items.length < 2) return items;
  const held = Math.max(1, Math.floor(items.length / 3));
  return split === 'check' ? items.slice(items.length - held) : items.slice(0, items.length - held);
}

/** The phrasings of one language a split may print. */
export const phrasingsOf = (phrasings: Phrasings, language: Language, split: Split) =>
  splitOf(phrasings[language], split);

const kindIndex = (kind: KindId): number => KIND_IDS.indexOf(kind);

/** Two arrangements per kind are check-only; they differ from kind to kind so each is checked somewhere. */
export function arrangementsOf(kind: KindId, split: Split): Arrangement[] {
  const i = kindIndex(kind);
  const held = new Set([
    ARRANGEMENTS[i % ARRANGEMENTS.length],
    ARRANGEMENTS[(i + 2) % ARRANGEMENTS.length],
  ]);
  return ARRANGEMENTS.filter((a) => held.has(a) === (split === 'check'));
}

/** One table ruling per kind is check-only. */
export function rulingsOf(kind: KindId, split: Split): TableRuling[] {
  const held = TABLE_RULINGS[kindIndex(kind) % TABLE_RULINGS.length];
  return TABLE_RULINGS.filter((r) => (r === held) === (split === 'check'));
}
