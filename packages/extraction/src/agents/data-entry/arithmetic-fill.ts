import type { ValueRef } from '@parser/contracts';

import { numbersOf, type Relation, relationsOf, refsOf, solveFor } from '../arithmetic.js';
import { cents } from '../numbers.js';
import { fieldsByRole, lineTableOf } from '../roles.js';
import { SumSheet } from '../sum-sheet.js';
import type { AgentDocument } from '../types.js';
import { cellAt, cellRef, fieldRef, isEmptyValue, refKey, valueAt } from '../value-refs.js';

import type { ChangeLog } from './change-log.js';

const RULE = 'rule';

/** The relations of the document as the log's values stand now. */
const relationsNow = (doc: AgentDocument, log: ChangeLog) =>
  relationsOf(doc.fields, doc.tables, log.values, doc.text);

/**
 * Repairs a misplaced decimal separator (1205 for 120.50): only when moving it makes two failing
 * relations hold and breaks none that held, and no other value's move does as much.
 */
export function repairSeparators(doc: AgentDocument, log: ChangeLog): void {
  for (let round = 0; round < 10; round++) {
    const at = numbersOf(log.values);
    const sheet = new SumSheet(relationsNow(doc, log), at);
    const seen = new Set<string>();
    const candidates: { ref: ValueRef; printed: number; value: number; gain: number }[] = [];
    for (const relation of sheet.failed()) {
      for (const ref of refsOf(relation)) {
        if (seen.has(refKey(ref)) || log.isLocked(ref)) continue;
        seen.add(refKey(ref));
        const printed = at(ref);
        if (printed === null) continue;
        for (const factor of [0.01, 0.1, 10, 100]) {
          const value = cents(printed * factor);
          if (sheet.breaksWith(ref, value)) continue;
          const gain = sheet.gainWith(ref, value);
          if (gain > 0) candidates.push({ ref, printed, value, gain });
        }
      }
    }
    // One equation can always be met by moving one value's separator; only a move that makes two
    // hold at once (a line and the lines' sum) is proven by the arithmetic.
    const best = candidates.reduce((most, c) => Math.max(most, c.gain), 0);
    if (best < 2) return;
    const winners = candidates.filter((c) => c.gain === best);
    // Two values whose move explains the sums equally well: the arithmetic cannot tell which.
    if (winners.length !== 1) return;
    const { ref, printed, value } = winners[0]!;
    log.apply(
      ref,
      { value },
      {
        reason: `Decimal separator misplaced: ${printed} read as ${value}, which makes the sums agree`,
        source: RULE,
      },
    );
  }
}

/**
 * A derived value's confidence: no more than its least confident input, and below the 0.8 band,
 * because nothing checks it (a missed line would make a derived subtotal wrong).
 */
const DERIVED_CEILING = 0.7;
function confidenceOf(doc: AgentDocument, log: ChangeLog, refs: ValueRef[]): number {
  if (refs.length === 0) return 0;
  // A loop rather than Math.min(...values): a sum of many thousand lines is too many arguments.
  let least = DERIVED_CEILING;
  for (const ref of refs) least = Math.min(least, cellAt(log.values, ref)?.confidence ?? 0);
  return least;
}

/**
 * The inputs of a derived value as its change names them: each field, and a table once for all
 * its lines (a subtotal of thousands of lines would otherwise name every cell).
 */
export function namedInputs(inputs: readonly ValueRef[]): ValueRef[] {
  const named: ValueRef[] = [];
  const seen = new Set<string>();
  for (const ref of inputs) {
    const key = ref.field !== undefined ? `f:${ref.field}` : `t:${ref.table ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    named.push(ref.field !== undefined ? { field: ref.field } : { table: ref.table ?? '' });
  }
  return named;
}

/**
 * Fills empty amounts that arithmetic determines: a line amount from qty × unit price, the
 * subtotal from the lines, the total from subtotal + tax. `only` limits it to those places (by
 * refKey): a derived value worked out again leaves the other empty amounts to the agent's run.
 */
export function deriveMissing(
  doc: AgentDocument,
  log: ChangeLog,
  only?: ReadonlySet<string>,
): void {
  const wanted = (ref: ValueRef) => only === undefined || only.has(refKey(ref));
  const lines = lineTableOf(doc.tables);
  if (lines) {
    const { qty, unit_price: price, amount } = lines.columns;
    const rows = log.values.tables[lines.key]?.rows ?? [];
    if (qty && price && amount) {
      rows.forEach((_row, index) => {
        const target = cellRef(lines.key, index, amount);
        if (!wanted(target) || !isEmptyValue(valueAt(log.values, target))) return;
        const at = numbersOf(log.values);
        const q = at(cellRef(lines.key, index, qty));
        const p = at(cellRef(lines.key, index, price));
        if (q === null || p === null) return;
        const inputs = [cellRef(lines.key, index, qty), cellRef(lines.key, index, price)];
        log.apply(
          target,
          { value: cents(q * p), confidence: confidenceOf(doc, log, inputs) },
          { reason: `Derived: ${q} × ${p}`, source: RULE, derived: true, from: inputs },
        );
      });
    }
  }

  const roles = fieldsByRole(doc.fields);
  // Not the tax: total − subtotal would paper over a wrong total (a tax the reader missed is
  // often printed under a label it did not know, and the reconciliation should compare them).
  const order: (keyof typeof roles)[] = ['subtotal', 'total'];
  for (const role of order) {
    const key = roles[role];
    if (key === undefined) continue;
    const target = fieldRef(key);
    if (!wanted(target) || !isEmptyValue(valueAt(log.values, target))) continue;
    // An empty value is absent from the relations; solve the relation it would complete.
    const probe = { ...log.values, fields: { ...log.values.fields } };
    probe.fields[key] = { value: 0, confidence: 0, source: null };
    const relation = relationsOf(doc.fields, doc.tables, probe, doc.text).find(
      (r: Relation) => refsOf(r).some((ref) => refKey(ref) === refKey(target)) && r.kind !== 'line',
    );
    if (!relation) continue;
    const solved = solveFor(relation, target, numbersOf(probe));
    if (solved === null || solved < 0) continue;
    if (relation.kind === 'lines_subtotal' && !fitsTotal(log, roles, cents(solved))) continue;
    const inputs = refsOf(relation).filter((ref) => refKey(ref) !== refKey(target));
    log.apply(
      target,
      { value: cents(solved), confidence: confidenceOf(doc, log, inputs) },
      {
        reason: derivedReason(relation.kind),
        source: RULE,
        derived: true,
        from: namedInputs(inputs),
      },
    );
  }
}

/**
 * Whether a subtotal summed from the lines agrees with a printed total (with the tax added or
 * included in it). Lines that do not make the total are incomplete (a row the reader missed), and
 * a subtotal summed from them would only be wrong.
 */
function fitsTotal(
  log: ChangeLog,
  roles: ReturnType<typeof fieldsByRole>,
  subtotal: number,
): boolean {
  const at = numbersOf(log.values);
  const total = roles.total === undefined ? null : at(fieldRef(roles.total));
  if (total === null) return true;
  const tax = roles.tax === undefined ? null : at(fieldRef(roles.tax));
  const near = (a: number, b: number) => Math.abs(a - b) < 0.026;
  return near(subtotal, total) || (tax !== null && near(subtotal + tax, total));
}

function derivedReason(kind: Relation['kind']): string {
  switch (kind) {
    case 'lines_subtotal':
      return 'Derived: the sum of the line amounts';
    case 'subtotal_tax_total':
      return 'Derived: subtotal + tax = total';
    case 'lines_tax_total':
      return 'Derived: lines + tax = total';
    case 'lines_total':
      return 'Derived: the sum of the line amounts';
    case 'line':
      return 'Derived: qty × unit price';
  }
}
