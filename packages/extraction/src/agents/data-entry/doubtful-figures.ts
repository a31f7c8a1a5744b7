import type { ValueRef } from '@parser/contracts';

import { numbersOf, refsOf, relationsOf } from '../arithmetic.js';
import { isReadFromDoubtfulGlyph } from '../doubtful-figures.js';
import { cents } from '../numbers.js';
import { isGlyphRepair } from '../ocr-confusions.js';
import { SumSheet } from '../sum-sheet.js';
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
  const at = numbersOf(log.values);
  const sheet = new SumSheet(relationsOf(doc.fields, doc.tables, log.values, doc.text), at);
  const failed = sheet.failed();
  if (failed.length === 0) return;
  const candidates = new Map<string, { ref: ValueRef; read: number; value: number }>();
  for (const relation of failed) {
    for (const ref of refsOf(relation)) {
      const read = at(ref);
      if (read === null || log.isLocked(ref) || !isReadFromDoubtfulGlyph(doc, log.values, ref))
        continue;
      const wanted = sheet.solveFor(relation, ref);
      if (wanted === null || wanted <= 0 || !isGlyphRepair(read, cents(wanted))) continue;
      const value = cents(wanted);
      if (sheet.noneFailsWith(ref, value)) {
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
