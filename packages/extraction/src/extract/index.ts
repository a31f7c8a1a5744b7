/** The extraction engine: pure functions over a ReadDocument. */
import type { FieldDefinition, TableDefinition } from '@parser/contracts';
import type { ExtractionResult, ReadDocument } from '../document.js';
import { einvoiceValues, overlayEInvoice } from '../einvoice/map-to-schema.js';
import type { ValueSignals } from './confidence/calibrate.js';
import { contextOf, extractFieldWithSignals } from './fields.js';
import { extractTable } from './tables.js';

export interface ExtractionSchema {
  fields: FieldDefinition[];
  tables: TableDefinition[];
  instructions?: string;
}

export interface ExtractionWithSignals {
  result: ExtractionResult;
  /** Per field key, the signals its confidence was calibrated from (fields with a value only). */
  signals: Record<string, ValueSignals>;
}

/** Extract every field and table, with the signals behind each field's confidence (for calibration). */
export function extractWithSignals(
  doc: ReadDocument,
  schema: ExtractionSchema,
): ExtractionWithSignals {
  const ctx = contextOf(doc);
  const result: ExtractionResult = { fields: {}, tables: {} };
  const signals: Record<string, ValueSignals> = {};
  for (const f of schema.fields) {
    const outcome = extractFieldWithSignals(f, ctx);
    result.fields[f.key] = outcome.value;
    if (outcome.signals) signals[f.key] = outcome.signals;
  }
  for (const t of schema.tables) result.tables[t.key] = extractTable(t, ctx);
  return { result, signals };
}

/**
 * Extract every field and table of a schema from a read document. A document that carries an
 * e-invoice gets the XML's exact values wherever the type has a field or table for them; the
 * page reading fills the rest and keeps what the page prints for comparison.
 */
export function extractBySchema(doc: ReadDocument, schema: ExtractionSchema): ExtractionResult {
  const visual = extractWithSignals(doc, schema).result;
  if (!doc.einvoice) return visual;
  const printedPages = doc.format !== 'xml';
  return overlayEInvoice(visual, einvoiceValues(doc.einvoice, schema), schema, printedPages);
}

export {
  groupOf as calibrationGroupOf,
  groupsOf as calibrationGroupsOf,
  kindOf as calibrationKindOf,
  type ValueSignals,
} from './confidence/calibrate.js';
export { suggestSchema, toKey, inferType, type SuggestedSchema } from './suggest.js';
export {
  classifyDocument,
  type ClassifierType,
  type Classification,
  type TypeMatch,
} from './classify.js';
export {
  parseDate,
  parseAmount,
  parseBoolean,
  detectCurrency,
  detectCurrencyIn,
  findDates,
  findAmounts,
  type DateOrder,
} from './parse.js';
