import type { AgentChange, ValueRef } from '@parser/contracts';

import { agree, numberOf } from '../numbers.js';
import type { AgentDocument, AgentValue, DataEntryOutcome } from '../types.js';
import { cellAt, cloneValues, isEmptyValue, refKey, setValueAt } from '../value-refs.js';

import { deriveMissing } from './arithmetic-fill.js';
import { ChangeLog } from './change-log.js';

const RULE = 'rule';

const placeOf = (change: AgentChange): ValueRef =>
  change.field !== undefined
    ? { field: change.field }
    : { table: change.table ?? '', row: change.row ?? 0, column: change.column ?? '' };

function sameValue(a: AgentValue, b: AgentValue): boolean {
  if (isEmptyValue(a) || isEmptyValue(b)) return isEmptyValue(a) && isEmptyValue(b);
  const x = numberOf(a);
  const y = numberOf(b);
  if (x !== null && y !== null) return agree(x, y);
  return String(a) === String(b);
}

/** Whether an input as a derived change names it (a field, or a table for its lines) changed. */
const touches = (input: ValueRef, changed: ValueRef) =>
  input.field !== undefined ? input.field === changed.field : input.table === changed.table;

/**
 * Values an agent derived from others follow those others. A derived value still as the agent
 * left it (no person edited it, nothing replaced it since) is worked out again from the values as
 * they are now; when they no longer determine it, it is cleared rather than left standing on
 * values that changed (a subtotal derived from a misread total stays wrong once the total is
 * corrected). Every value so changed gets a change that says why, so the reviewer sees it.
 *
 * `history` is every change the agents made, oldest first (the latest per place decides whether
 * a place still holds a derived value); `changed` names the values that changed, for the wording.
 */
export function followDerived(
  doc: AgentDocument,
  history: readonly AgentChange[],
  changed: readonly ValueRef[] = [],
): DataEntryOutcome {
  const latest = new Map<string, AgentChange>();
  for (const change of history) latest.set(refKey(placeOf(change)), change);
  const locked = new Set(doc.locked.map(refKey));
  const values = cloneValues(doc.values);
  const standing: { ref: ValueRef; was: AgentValue }[] = [];
  for (const [key, change] of latest) {
    if (!change.derived || locked.has(key)) continue;
    const ref = placeOf(change);
    const cell = cellAt(values, ref);
    // A row removed since, or a value someone or something else set: no longer the agent's.
    if (!cell || !sameValue(cell.value, change.new)) continue;
    standing.push({ ref, was: cell.value });
  }
  if (standing.length === 0) return { values, changes: [] };

  // Cleared and derived again together, so a total derived from a derived subtotal follows it.
  const probe = cloneValues(values);
  for (const { ref } of standing) setValueAt(probe, ref, { value: null, confidence: 0 });
  const log = new ChangeLog(probe, doc.locked);
  deriveMissing({ ...doc, values: probe }, log, new Set(standing.map(({ ref }) => refKey(ref))));
  const derivedNow = new Map(log.changes.map((change) => [refKey(placeOf(change)), change]));

  const label = labelOf(doc);
  const changes: AgentChange[] = [];
  for (const { ref, was } of standing) {
    const now = derivedNow.get(refKey(ref));
    if (now && sameValue(now.new, was)) continue;
    const cell = cellAt(probe, ref);
    if (cell) setValueAt(values, ref, cell);
    const inputs = now?.from ?? latest.get(refKey(ref))?.from ?? [];
    const moved = inputs.filter((input) => changed.some((c) => touches(input, c))).map(label);
    const after =
      moved.length > 0 ? `${moved.join(', ')} changed` : 'the values it came from changed';
    changes.push({
      ...ref,
      old: was,
      new: now ? now.new : null,
      reason: now
        ? `Worked out again after ${after}: ${now.reason.replace(/^Derived: /, '')}`
        : `Cleared: it was derived and ${after}; the values now do not determine it`,
      source: RULE,
      derived: true,
      ...(now?.from ? { from: now.from } : {}),
    });
  }
  return { values, changes };
}

/** An input's label in words ("Total", "Line Items"), for the reason. */
function labelOf(doc: AgentDocument): (ref: ValueRef) => string {
  return (ref) => {
    if (ref.field !== undefined) {
      return doc.fields.find((field) => field.key === ref.field)?.label || ref.field;
    }
    return doc.tables.find((table) => table.key === ref.table)?.label || (ref.table ?? 'a table');
  };
}
