import {
  coerceValue,
  type ExtractionResult,
  type FieldType,
  type ReviewedData,
  type ReviewSchema,
  type ReviewValue,
  type ExpectedValue,
} from '@parser/contracts';

/** What a reviewer starts from before any review is saved: the engine's values, typed. */
export function reviewedDataFromExtraction(
  schema: ReviewSchema,
  extracted: ExtractionResult | null,
): ReviewedData {
  const fields: ReviewedData['fields'] = {};
  for (const field of schema.fields)
    fields[field.key] = extracted?.fields[field.key]?.value ?? null;
  const tables: ReviewedData['tables'] = {};
  for (const table of schema.tables) {
    const rows = extracted?.tables[table.key]?.rows ?? [];
    tables[table.key] = rows.map((row) =>
      Object.fromEntries(
        table.columns.map((column) => [column.key, row[column.key]?.value ?? null]),
      ),
    );
  }
  return { fields, tables };
}

/** How the review API words a value that does not fit its type. */
const PROBLEMS: Record<ExpectedValue, (label: string) => string> = {
  number: (label) => `${label} must be a number`,
  amount: (label) => `${label} must be a number`,
  date: (label) => `${label} must be a date written as YYYY-MM-DD`,
  boolean: (label) => `${label} must be true or false`,
};

/**
 * A reviewed value in its type's form (the API's exact reading, see coerceValue), or an error
 * message naming what is wrong.
 */
function typedValue(
  value: ReviewValue,
  type: FieldType,
  label: string,
): { value: ReviewValue } | { error: string } {
  const coerced = coerceValue(value, type, 'exact');
  return coerced.ok ? { value: coerced.value } : { error: PROBLEMS[coerced.expected](label) };
}

export interface NormalisedReview {
  data: ReviewedData;
  /** Messages for values that do not fit their type or keys the type does not have. */
  errors: string[];
  /** Labels of required fields left empty. */
  missingRequired: string[];
}

/**
 * Checks a submitted review against the type: every key known, every value of its type. Keys the
 * reviewer did not send are kept as empty, so the stored review always has the type's shape.
 */
export function normaliseReviewedData(schema: ReviewSchema, input: ReviewedData): NormalisedReview {
  const errors: string[] = [];
  const missingRequired: string[] = [];
  const fields: ReviewedData['fields'] = {};
  const known = new Set(schema.fields.map((field) => field.key));
  for (const key of Object.keys(input.fields)) {
    if (!known.has(key)) errors.push(`Unknown field: ${key}`);
  }
  for (const field of schema.fields) {
    const result = typedValue(input.fields[field.key] ?? null, field.type, field.label);
    if ('error' in result) {
      errors.push(result.error);
      fields[field.key] = input.fields[field.key] ?? null;
      continue;
    }
    fields[field.key] = result.value;
    if (field.required && (result.value === null || result.value === '')) {
      missingRequired.push(field.label);
    }
  }

  const tables: ReviewedData['tables'] = {};
  const knownTables = new Set(schema.tables.map((table) => table.key));
  for (const key of Object.keys(input.tables)) {
    if (!knownTables.has(key)) errors.push(`Unknown table: ${key}`);
  }
  for (const table of schema.tables) {
    const columns = new Set(table.columns.map((column) => column.key));
    // A row with nothing in it is a slip (an Add Row never filled in), not a line of the document:
    // it is dropped, so exports never carry blank lines.
    const rows = (input.tables[table.key] ?? []).filter((row) => !isBlankRow(row));
    tables[table.key] = rows.map((row, index) => {
      for (const key of Object.keys(row)) {
        if (!columns.has(key)) errors.push(`Unknown column ${key} in ${table.label}`);
      }
      return Object.fromEntries(
        table.columns.map((column) => {
          const label = `${table.label} row ${index + 1} ${column.label}`;
          const result = typedValue(row[column.key] ?? null, column.type, label);
          if ('error' in result) {
            errors.push(result.error);
            return [column.key, row[column.key] ?? null];
          }
          return [column.key, result.value];
        }),
      );
    });
  }
  return { data: { fields, tables }, errors, missingRequired };
}

/** Every value empty (null or only spaces). */
export function isBlankRow(row: Record<string, ReviewValue>): boolean {
  return Object.values(row).every(
    (value) => value === null || (typeof value === 'string' && value.trim() === ''),
  );
}

/** One changed value, as the history records it. */
export interface ValueEdit {
  field?: string;
  table?: string;
  row?: number;
  column?: string;
  old: ReviewValue;
  new: ReviewValue;
}

/** The values that differ between two reviews; added and removed rows count cell by cell. */
export function diffReviewedData(before: ReviewedData, after: ReviewedData): ValueEdit[] {
  const edits: ValueEdit[] = [];
  const fieldKeys = new Set([...Object.keys(before.fields), ...Object.keys(after.fields)]);
  for (const key of fieldKeys) {
    const old = before.fields[key] ?? null;
    const next = after.fields[key] ?? null;
    if (old !== next) edits.push({ field: key, old, new: next });
  }
  const tableKeys = new Set([...Object.keys(before.tables), ...Object.keys(after.tables)]);
  for (const table of tableKeys) {
    const oldRows = before.tables[table] ?? [];
    const newRows = after.tables[table] ?? [];
    for (let row = 0; row < Math.max(oldRows.length, newRows.length); row++) {
      const oldRow = oldRows[row] ?? {};
      const newRow = newRows[row] ?? {};
      for (const column of new Set([...Object.keys(oldRow), ...Object.keys(newRow)])) {
        const old = oldRow[column] ?? null;
        const next = newRow[column] ?? null;
        if (old !== next) edits.push({ table, row, column, old, new: next });
      }
    }
  }
  return edits;
}
