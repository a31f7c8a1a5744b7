import type { FieldType } from '@parser/contracts';
import type { ExtractedValue, ExtractionResult } from '@parser/extraction';

import type { PipelineDocType } from '../pipelines/pipeline-ports.js';

import type { ModelExtraction } from './extraction-request.js';
import { type PrintedPages, sameInAnyForm } from './locate-value.js';
import type { ModelNote } from './model-notes.js';
import { type NamedPlace, pageEvidence } from './page-evidence.js';

/** A model value that failed its field's type and was left out, named for the history. */
export interface RejectedValue {
  /** "Invoice Date" or "Line Items row 2 Amount". */
  place: string;
  value: unknown;
  reason: string;
}

/** Confidence of a model value the page prints, where the engine read nothing or read worse. */
const FOUND_IN_WORDS = 0.8;
/**
 * Confidence of a model value the page does not print: under the review threshold (0.6), so a
 * reviewer looks at it, and it comes with a note saying why.
 */
export const NOT_IN_WORDS = 0.45;

/** Letters and digits a text cell needs before it can show that a model's row is printed. */
const ROW_EVIDENCE_CHARS = 3;

/**
 * Merges the model's answer into the offline result, field by field. The model proposes, the page
 * decides:
 * - a model value is kept only when it validates for the field's type (a real YYYY-MM-DD date, a
 *   finite number, a boolean, non-empty text); otherwise the offline value stays and the value is
 *   reported as rejected;
 * - when both engines read the same value (in any printed form), the offline value stays, with its
 *   confidence raised where the page prints it;
 * - an empty place takes the model's value: at 0.8 with its box when the page prints it, otherwise
 *   at 0.45 with a note, for a reviewer to check;
 * - a value the engine read is replaced only when the page supports the model's value better (it
 *   prints it, and the engine's not, or closer to the field's label); otherwise the engine's value
 *   stays, less sure now that the engines disagree, and the suggestion is noted;
 * - a model table row beyond the engine's is added only when the page prints it;
 * - a value from the document's e-invoice XML stays as it is.
 */
export function mergeModelValues(
  docType: PipelineDocType,
  offline: ExtractionResult,
  answer: ModelExtraction,
  doc: PrintedPages,
): { merged: ExtractionResult; rejected: RejectedValue[]; notes: ModelNote[] } {
  const rejected: RejectedValue[] = [];
  const notes: ModelNote[] = [];
  const merged: ExtractionResult = { fields: {}, tables: {} };
  const mergeAt = (place: NamedPlace & { name: string }, engine: ExtractedValue, raw: unknown) => {
    const outcome = mergeValue(place, engine, raw, doc, (value, reason) =>
      rejected.push({ place: place.name, value, reason }),
    );
    if (outcome.note) notes.push(outcome.note);
    return outcome.value;
  };
  for (const field of docType.fields) {
    merged.fields[field.key] = mergeAt(
      { ...field, name: field.label },
      offline.fields[field.key] ?? emptyValue(),
      answer.fields?.[field.key],
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
    const rows: ExtractionResult['tables'][string]['rows'] = [];
    const count = Math.max(engineRows.length, modelRows.length);
    for (let index = 0; index < count; index++) {
      const engineRow = engineRows[index];
      const modelRow = modelRows[index] ?? {};
      // A row the engine did not find is added only when the page prints it: an invented line
      // item would change the sums a reviewer relies on.
      if (!engineRow && !rowIsPrinted(doc, table.columns, modelRow)) {
        notes.push({
          kind: 'row_left_out',
          place: table.label,
          row: table.columns
            .map((column) => modelRow[column.key] ?? null)
            .filter((value) => value !== null),
        });
        continue;
      }
      const row = rows.length;
      rows.push(
        Object.fromEntries(
          table.columns.map((column) => [
            column.key,
            mergeAt(
              { ...column, name: `${table.label} row ${row + 1} ${column.label}` },
              engineRow?.[column.key] ?? emptyValue(),
              modelRow[column.key],
            ),
          ]),
        ),
      );
    }
    merged.tables[table.key] = { rows };
  }
  return { merged, rejected, notes };
}

function mergeValue(
  place: NamedPlace & { name: string },
  engine: ExtractedValue,
  raw: unknown,
  doc: PrintedPages,
  reject: (value: unknown, reason: string) => void,
): { value: ExtractedValue; note?: ModelNote } {
  if (raw === null || raw === undefined || raw === '') return { value: engine };
  // A value read from the document's e-invoice XML is the issuer's own data: the model's
  // reading of the printed page does not replace it.
  if (engine.origin) return { value: engine };
  const checked = validateModelValue(place.type, raw);
  if ('reason' in checked) {
    reject(raw, checked.reason);
    return { value: engine };
  }
  const value = checked.value;
  if (engine.value !== null && sameInAnyForm(place.type, engine.value, value)) {
    // Agreement makes a value surer only where the page prints it: two readings of nothing (a
    // value worked out, or one the document's text talked the model into) prove nothing.
    const printed = pageEvidence(doc, place, engine.value).support > 0;
    return {
      value: {
        ...engine,
        confidence: printed ? raise(engine.confidence) : engine.confidence,
        model: 'agreed',
      },
    };
  }
  const proposed = pageEvidence(doc, place, value);
  if (engine.value === null) {
    if (proposed.source) {
      return {
        value: { value, confidence: FOUND_IN_WORDS, source: proposed.source, model: 'alone' },
      };
    }
    // Only the model saw it (yes/no marks, handwriting the engine could not read): kept for a
    // reviewer, doubtful and said so.
    return {
      value: { value, confidence: NOT_IN_WORDS, source: null, model: 'alone' },
      note: { kind: 'unprinted', place: place.name, proposed: value, confidence: NOT_IN_WORDS },
    };
  }
  const read = pageEvidence(doc, place, engine.value);
  if (proposed.source && proposed.support > read.support) {
    return {
      value: {
        value,
        confidence: FOUND_IN_WORDS,
        source: proposed.source,
        ...(engine.currency ? { currency: engine.currency } : {}),
        model: 'alone',
      },
    };
  }
  return {
    value: { ...engine, confidence: lower(engine.confidence) },
    note: {
      kind: 'kept',
      place: place.name,
      proposed: value,
      printed: proposed.support > 0,
      kept: engine.value,
    },
  };
}

/**
 * Whether the page prints a model's row: a text cell of a few letters is printed, or, for a row of
 * figures alone, every figure is (a lone "1" or "2" is printed on any page).
 */
function rowIsPrinted(
  doc: PrintedPages,
  columns: readonly (NamedPlace & { key: string })[],
  row: Record<string, unknown>,
): boolean {
  const cells = columns.flatMap((column) => {
    const checked = validateModelValue(column.type, row[column.key]);
    return 'value' in checked ? [{ column, value: checked.value }] : [];
  });
  const texts = cells.filter(
    ({ column, value }) =>
      column.type === 'string' &&
      String(value).replace(/[^\p{L}\p{N}]/gu, '').length >= ROW_EVIDENCE_CHARS,
  );
  if (texts.length > 0) {
    return texts.some(({ column, value }) => pageEvidence(doc, column, value).support > 0);
  }
  return (
    cells.length > 0 &&
    cells.every(({ column, value }) => pageEvidence(doc, column, value).support > 0)
  );
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
