import type { FieldType } from '@parser/contracts';
import type { ExtractedValue, ExtractionResult, ReadDocument } from '@parser/extraction';

import type { PipelineDocType } from '../pipelines/pipeline-ports.js';

import type { ModelExtraction } from './extraction-request.js';
import { locateValue } from './locate-value.js';

/** A model value that failed its field's type and was left out, named for the history. */
export interface RejectedValue {
  /** "Invoice Date" or "Line Items row 2 Amount". */
  place: string;
  value: unknown;
  reason: string;
}

/** Confidence of a model value the document's words show verbatim (and the engine did not find). */
const FOUND_IN_WORDS = 0.8;
/** Confidence of a model value the words do not show: a reviewer should look at it. */
const NOT_IN_WORDS = 0.45;

/**
 * Merges the model's answer into the offline result, field by field:
 * - a model value is kept only when it validates for the field's type (a real YYYY-MM-DD date, a
 *   finite number, a boolean, non-empty text); otherwise the offline value stays and the value is
 *   reported as rejected;
 * - when both engines agree, the offline value stays with its confidence raised;
 * - when they differ, the model's value wins only if the document's words show it; its confidence
 *   is then raised, and its source box is where the words show it. A model value the words do not
 *   show replaces nothing the engine found, and lowers the engine's confidence (they disagree);
 * - a value from the document's e-invoice XML stays as it is.
 */
export function mergeModelValues(
  docType: PipelineDocType,
  offline: ExtractionResult,
  answer: ModelExtraction,
  doc: ReadDocument,
): { merged: ExtractionResult; rejected: RejectedValue[] } {
  const rejected: RejectedValue[] = [];
  const merged: ExtractionResult = { fields: {}, tables: {} };
  for (const field of docType.fields) {
    const engine = offline.fields[field.key] ?? emptyValue();
    merged.fields[field.key] = mergeValue(
      field.type,
      engine,
      answer.fields?.[field.key],
      doc,
      (value, reason) => rejected.push({ place: field.label, value, reason }),
    );
  }
  for (const table of docType.tables) {
    const engineRows = offline.tables[table.key]?.rows ?? [];
    const modelRows = answer.tables?.[table.key];
    // No rows from the model: nothing to compare, the engine's rows stand.
    if (!Array.isArray(modelRows) || modelRows.length === 0) {
      merged.tables[table.key] = { rows: engineRows };
      continue;
    }
    const rows = modelRows.map((modelRow, index) =>
      Object.fromEntries(
        table.columns.map((column) => [
          column.key,
          mergeValue(
            column.type,
            engineRows[index]?.[column.key] ?? emptyValue(),
            modelRow?.[column.key],
            doc,
            (value, reason) =>
              rejected.push({
                place: `${table.label} row ${index + 1} ${column.label}`,
                value,
                reason,
              }),
          ),
        ]),
      ),
    );
    merged.tables[table.key] = { rows };
  }
  return { merged, rejected };
}

function mergeValue(
  type: FieldType,
  engine: ExtractedValue,
  raw: unknown,
  doc: ReadDocument,
  reject: (value: unknown, reason: string) => void,
): ExtractedValue {
  if (raw === null || raw === undefined || raw === '') return engine;
  // A value read from the document's e-invoice XML is the issuer's own data: the model's
  // reading of the printed page does not replace it.
  if (engine.origin) return engine;
  const checked = validateModelValue(type, raw);
  if ('reason' in checked) {
    reject(raw, checked.reason);
    return engine;
  }
  const value = checked.value;
  if (engine.value !== null && sameValue(type, engine.value, value)) {
    return { ...engine, confidence: raise(engine.confidence), model: 'agreed' };
  }
  const found = locateValue(doc, type, value);
  if (found) {
    return {
      value,
      confidence: FOUND_IN_WORDS,
      source: found,
      ...(engine.currency ? { currency: engine.currency } : {}),
      model: 'alone',
    };
  }
  // Only the model saw it (yes/no marks, handwriting the engine could not read): kept, doubtful.
  if (engine.value === null) {
    return { value, confidence: NOT_IN_WORDS, source: null, model: 'alone' };
  }
  return { ...engine, confidence: lower(engine.confidence) };
}

const emptyValue = (): ExtractedValue => ({ value: null, confidence: 0, source: null });

/** Halfway to certain, and at least as sure as a value found in the words. */
const raise = (confidence: number) =>
  round(Math.min(0.99, Math.max(FOUND_IN_WORDS, confidence + (1 - confidence) / 2)));
const lower = (confidence: number) => round(Math.max(0.05, confidence * 0.7));
const round = (n: number) => Math.round(n * 1000) / 1000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A model value in its field type's form, or why it is not one. */
export function validateModelValue(
  type: FieldType,
  raw: unknown,
): { value: string | number | boolean } | { reason: string } {
  switch (type) {
    case 'string':
      if (typeof raw === 'string' && raw.trim()) return { value: raw.trim() };
      if (typeof raw === 'number' && Number.isFinite(raw)) return { value: String(raw) };
      return { reason: 'is not text' };
    case 'number':
    case 'currency':
      if (typeof raw === 'number' && Number.isFinite(raw)) return { value: raw };
      return { reason: 'is not a number' };
    case 'date': {
      const match = typeof raw === 'string' ? ISO_DATE.exec(raw.trim()) : null;
      if (!match) return { reason: 'is not a date in the form YYYY-MM-DD' };
      const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      if (!date.toISOString().startsWith(match[0]))
        return { reason: 'is not a real calendar date' };
      return { value: match[0] };
    }
    case 'boolean':
      if (typeof raw === 'boolean') return { value: raw };
      return { reason: 'is not true or false' };
  }
}

function sameValue(type: FieldType, a: string | number | boolean, b: string | number | boolean) {
  if (type === 'number' || type === 'currency') {
    return typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < 0.005;
  }
  if (typeof a === 'string' && typeof b === 'string') {
    return (
      a.toLowerCase().replace(/\s+/g, ' ').trim() === b.toLowerCase().replace(/\s+/g, ' ').trim()
    );
  }
  return a === b;
}
