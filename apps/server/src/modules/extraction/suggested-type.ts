import type { FileExtractionResponse } from '@parser/contracts';
import type { ExtractionResult, SuggestedSchema } from '@parser/extraction';

/**
 * Quick Setup's answer: the fields and tables the engine suggests for an example document, each
 * field with the value printed on it (as text).
 */
export function suggestedTypeOf(
  schema: SuggestedSchema,
  found: ExtractionResult,
): FileExtractionResponse {
  const fields: FileExtractionResponse['extraction_result']['fields'] = {};
  for (const field of schema.fields) {
    const value = found.fields[field.key]?.value;
    fields[field.key] = {
      label: field.label,
      type: field.type,
      value: value === null || value === undefined ? null : String(value),
    };
  }
  const tables: FileExtractionResponse['extraction_result']['tables'] = {};
  for (const table of schema.tables) {
    tables[table.key] = {
      label: table.label,
      columns: Object.fromEntries(
        table.columns.map((column) => [column.key, { label: column.label, type: column.type }]),
      ),
    };
  }
  return { extraction_result: { fields, tables } };
}
