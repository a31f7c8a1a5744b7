/** The extraction engine: pure functions over a ReadDocument. */
import type { FieldDefinition, TableDefinition } from '@parser/contracts';
import type { ExtractionResult, ReadDocument } from '../document.js';
import { contextOf, extractField } from './fields.js';
import { extractTable } from './tables.js';

export interface ExtractionSchema {
  fields: FieldDefinition[];
  tables: TableDefinition[];
  instructions?: string;
}

/** Extract every field and table of a schema from a read document. */
export function extractBySchema(doc: ReadDocument, schema: ExtractionSchema): ExtractionResult {
  const ctx = contextOf(doc);
  const result: ExtractionResult = { fields: {}, tables: {} };
  for (const f of schema.fields) result.fields[f.key] = extractField(f, ctx);
  for (const t of schema.tables) result.tables[t.key] = extractTable(t, ctx);
  return result;
}

export { suggestSchema, toKey, inferType, type SuggestedSchema } from './suggest.js';
export { classifyDocument, type ClassifierType, type Classification } from './classify.js';
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
