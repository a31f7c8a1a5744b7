import type { ValueRef } from '@parser/contracts';

import type { ExtractedValue, ExtractionResult } from '../document.js';

import type { AgentValue } from './types.js';

/** A stable text key for a value's place, to compare and collect refs. */
export function refKey(ref: ValueRef): string {
  return ref.field !== undefined
    ? `f:${ref.field}`
    : `t:${ref.table ?? ''}:${ref.row ?? 0}:${ref.column ?? ''}`;
}

export const fieldRef = (field: string): ValueRef => ({ field });
export const cellRef = (table: string, row: number, column: string): ValueRef => ({
  table,
  row,
  column,
});

/** The extracted value at a place, or undefined when the document has none there. */
export function cellAt(values: ExtractionResult, ref: ValueRef): ExtractedValue | undefined {
  if (ref.field !== undefined) return values.fields[ref.field];
  if (ref.table === undefined || ref.row === undefined || ref.column === undefined)
    return undefined;
  return values.tables[ref.table]?.rows[ref.row]?.[ref.column];
}

export function valueAt(values: ExtractionResult, ref: ValueRef): AgentValue {
  return cellAt(values, ref)?.value ?? null;
}

/** Sets a value (creating the cell with no source when absent), keeping the rest of the cell. */
export function setValueAt(
  values: ExtractionResult,
  ref: ValueRef,
  patch: Partial<ExtractedValue>,
): void {
  const current = cellAt(values, ref) ?? { value: null, confidence: 0, source: null };
  const next = { ...current, ...patch };
  if (ref.field !== undefined) {
    values.fields[ref.field] = next;
    return;
  }
  const row = values.tables[ref.table ?? '']?.rows[ref.row ?? -1];
  if (row && ref.column !== undefined) row[ref.column] = next;
}

export function isEmptyValue(value: AgentValue): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

/** A deep copy, so an agent never changes the values it was given. */
export function cloneValues(values: ExtractionResult): ExtractionResult {
  return structuredClone(values);
}
