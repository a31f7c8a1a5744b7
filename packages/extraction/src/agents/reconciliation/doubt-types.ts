import type { ValueRef } from '@parser/contracts';

/**
 * Why a sum of the values read may disagree while the printed figures agree: what the reading
 * missed or got from a doubtful glyph, and the values a clerk should look at.
 */
export interface ReadingDoubt {
  note: string;
  /** The one value read wrong, when the page shows what it should read. */
  suspect?: { ref: ValueRef; expected: number };
  /** Set when what the reading got wrong is among the item lines (missed, read in part). */
  onLines?: true;
}
