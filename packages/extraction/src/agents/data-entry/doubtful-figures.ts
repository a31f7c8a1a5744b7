import type { ValueRef } from '@parser/contracts';

import { holds, numbersOf, type NumberAt, refsOf, relationsOf, solveFor } from '../arithmetic.js';
import { isReadFromDoubtfulGlyph } from '../doubtful-figures.js';
import { cents } from '../numbers.js';
import { isGlyphRepair } from '../ocr-confusions.js';
import type { AgentDocument } from '../types.js';
import { refKey } from '../value-refs.js';

import type { ChangeLog } from './change-log.js';

/**
 * Repairs an amount read from a doubtful glyph (a figure the text does not print cleanly) when
 * exactly one such repair — digits lost or added, one look-alike digit, the decimal separator
 * moved — makes every sum of the document agree. A figure printed cleanly is never changed: the
 * document may print it wrong, and then the reconciliation must say so.
 */
export function repairDoubtfulFigures(doc: AgentDocument, log: ChangeLog): void {
  const relations = relationsOf(doc.fields, doc.tables, log.values);
  const at = numbersOf(log.values);
  if (!relations.some((relation) => holds(relation, at) === false)) return;
  const candidates = new Map<string, { ref: ValueRef; read: number; value: number }>();
  for (const relation of relations.filter((r) => holds(r, at) === false)) {
    for (const ref of refsOf(relation)) {
      const read = at(ref);
      if (read === null || log.isLocked(ref) || !isReadFromDoubtfulGlyph(doc, log.values, ref))
        continue;
      const wanted = solveFor(relation, ref, at);
      if (wanted === null || wanted <= 0 || !isGlyphRepair(read, cents(wanted))) continue;
      const value = cents(wanted);
      const patched: NumberAt = (r) => (refKey(r) === refKey(ref) ? value : at(r));
      if (relations.every((r) => holds(r, patched) !== false)) {
        candidates.set(`${refKey(ref)}=${value}`, { ref, read, value });
      }
    }
  }
  // Two repairs that each make the sums agree: the arithmetic cannot tell which glyph was misread.
  const [only, ...others] = [...candidates.values()];
  if (!only || others.length > 0) return;
  const { ref, read, value } = only;
  log.apply(
    ref,
    { value },
    {
      reason: `OCR misread repaired: ${read} was read from a figure the document does not print cleanly, and ${value} makes every sum agree`,
      source: 'rule',
    },
  );
}
