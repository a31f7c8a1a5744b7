import {
  coerceValue,
  type ExtractedValue,
  type FieldType,
  type ReviewedData,
  type ReviewRecord,
  type ReviewSchema,
  type ReviewValue,
  type ExpectedValue,
} from '@parser/contracts';

/** One table row as the form edits it: text per column, plus where it came from. */
export interface FormRow {
  /** Stable React key across adds and deletes. */
  rowId: string;
  /** The extracted row this one started as; null for a row the reviewer added. */
  extractedIndex: number | null;
  cells: Record<string, string>;
}

/** What the reviewer edits: every value as the text in its input. */
export interface FormValues {
  fields: Record<string, string>;
  tables: Record<string, FormRow[]>;
}

let rowSeq = 0;
export const newRowId = () => `row-${++rowSeq}`;

/**
 * A stored value as input text: null is empty, booleans read true/false, and an amount of money
 * shows its cents (41.1 reads 41.10, as printed).
 */
export function toText(value: ReviewValue | undefined, type?: FieldType): string {
  if (value === null || value === undefined) return '';
  if (type === 'currency' && typeof value === 'number') return value.toFixed(2);
  return String(value);
}

/**
 * The values the screen starts from: the saved review, or, before any review is saved, the
 * engine's values (spec section 3: the extracted fields merged with the tables).
 */
export function initialFormValues(record: ReviewRecord): FormValues {
  const { schema, reviewed_data: reviewed, extracted_data: extracted } = record;
  const fields: FormValues['fields'] = {};
  for (const field of schema.fields) {
    fields[field.key] = toText(
      reviewed ? reviewed.fields[field.key] : extracted?.fields[field.key]?.value,
      field.type,
    );
  }
  const tables: FormValues['tables'] = {};
  for (const table of schema.tables) {
    const rows: Record<string, ReviewValue>[] = reviewed
      ? (reviewed.tables[table.key] ?? [])
      : (extracted?.tables[table.key]?.rows ?? []).map((row) =>
          Object.fromEntries(
            Object.entries(row).map(([column, cell]) => [column, cell.value] as const),
          ),
        );
    const extractedRows = extracted?.tables[table.key]?.rows ?? [];
    const columns = table.columns.map((column) => column.key);
    const typeOf = new Map(table.columns.map((column) => [column.key, column.type] as const));
    tables[table.key] = rows.map((row, index) => ({
      rowId: newRowId(),
      // A saved review may have added or deleted rows: its row i is extracted row i only if
      // they still look alike, else the confidences and source boxes would be another row's.
      extractedIndex: !reviewed || sameRow(row, extractedRows[index], columns) ? index : null,
      cells: Object.fromEntries(
        columns.map((key) => [key, toText(row[key], typeOf.get(key))] as const),
      ),
    }));
  }
  return { fields, tables };
}

/** At least half of the filled cells of two rows agree. */
function sameRow(
  reviewed: Record<string, ReviewValue>,
  extracted: Record<string, ExtractedValue> | undefined,
  columns: string[],
): boolean {
  if (!extracted) return false;
  let compared = 0;
  let equal = 0;
  for (const key of columns) {
    const a = toText(reviewed[key]).trim();
    const b = toText(extracted[key]?.value).trim();
    if (a === '' && b === '') continue;
    compared += 1;
    if (a === b) equal += 1;
  }
  return compared > 0 && equal * 2 >= compared;
}

/** Whether the record has any values to review yet (extraction has run or a review was saved). */
export const hasReviewData = (record: ReviewRecord) =>
  record.reviewed_data !== null || record.extracted_data !== null;

export type ParsedValue = { ok: true; value: ReviewValue } | { ok: false; error: string };

/** How the review form words a value that does not fit its type, beside its input. */
const PROBLEMS: Record<ExpectedValue, string> = {
  number: 'Enter a number, e.g. 12 or 3.5',
  amount: 'Enter an amount, e.g. 1234.50',
  date: 'Enter a date as YYYY-MM-DD',
  boolean: 'Enter yes or no',
};

/**
 * Input text as the value the server stores for its type, read as a person types it (see
 * coerceValue): numbers and amounts as numbers, booleans as booleans, dates as YYYY-MM-DD, empty
 * as null. A text that does not fit its type answers an error to show beside the input instead
 * of being sent.
 */
export function parseValue(text: string, type: FieldType): ParsedValue {
  const coerced = coerceValue(text, type, 'typed');
  return coerced.ok
    ? { ok: true, value: coerced.value }
    : { ok: false, error: PROBLEMS[coerced.expected] };
}

/** Where an input is: a single field, or a cell of a table row. */
export type ValueRef =
  { kind: 'field'; key: string } | { kind: 'cell'; table: string; rowId: string; column: string };

/** The input's id in the page, so an error can move focus to it. */
export function inputId(ref: ValueRef): string {
  return ref.kind === 'field'
    ? `review-field-${ref.key}`
    : `review-cell-${ref.table}-${ref.rowId}-${ref.column}`;
}

export interface ValueProblem {
  ref: ValueRef;
  error: string;
}

/** The typed reviewed data to send, or the inputs whose text does not fit their type. */
export function buildReviewedData(
  schema: ReviewSchema,
  values: FormValues,
): { ok: true; data: ReviewedData } | { ok: false; problems: ValueProblem[] } {
  const problems: ValueProblem[] = [];
  const fields: ReviewedData['fields'] = {};
  for (const field of schema.fields) {
    const parsed = parseValue(values.fields[field.key] ?? '', field.type);
    if (parsed.ok) fields[field.key] = parsed.value;
    else problems.push({ ref: { kind: 'field', key: field.key }, error: parsed.error });
  }
  const tables: ReviewedData['tables'] = {};
  for (const table of schema.tables) {
    // A row left empty (an Add Row never filled in) is not sent: exports never get blank lines.
    const rows = (values.tables[table.key] ?? []).filter((row) => !isBlankFormRow(row));
    tables[table.key] = rows.map((row) => {
      const out: Record<string, ReviewValue> = {};
      for (const column of table.columns) {
        const parsed = parseValue(row.cells[column.key] ?? '', column.type);
        if (parsed.ok) out[column.key] = parsed.value;
        else {
          problems.push({
            ref: { kind: 'cell', table: table.key, rowId: row.rowId, column: column.key },
            error: parsed.error,
          });
        }
      }
      return out;
    });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, data: { fields, tables } };
}

/** Every cell of the row is empty or only spaces. */
export const isBlankFormRow = (row: FormRow) =>
  Object.values(row.cells).every((text) => text.trim() === '');

/** Below this the engine was unsure: the value is marked and focused first for checking. */
export const LOW_CONFIDENCE = 0.6;

/** The first value still holding an engine reading it was unsure of, fields before tables. */
export function firstLowConfidence(record: ReviewRecord, values: FormValues): ValueRef | null {
  const low = (extracted: ExtractedValue | undefined, text: string) =>
    extracted !== undefined &&
    extracted.confidence < LOW_CONFIDENCE &&
    isUnchanged(extracted, text);
  for (const field of record.schema.fields) {
    const text = values.fields[field.key] ?? '';
    if (low(extractedField(record, field.key), text)) return { kind: 'field', key: field.key };
  }
  for (const table of record.schema.tables) {
    for (const row of values.tables[table.key] ?? []) {
      for (const column of table.columns) {
        const text = row.cells[column.key] ?? '';
        if (low(extractedCell(record, table.key, row, column.key), text)) {
          return { kind: 'cell', table: table.key, rowId: row.rowId, column: column.key };
        }
      }
    }
  }
  return null;
}

/** The engine's reading of a field, if it found one. */
export function extractedField(record: ReviewRecord, key: string): ExtractedValue | undefined {
  return record.extracted_data?.fields[key];
}

/** The engine's reading of a cell of an extracted row, if the row came from extraction. */
export function extractedCell(
  record: ReviewRecord,
  table: string,
  row: FormRow,
  column: string,
): ExtractedValue | undefined {
  if (row.extractedIndex === null) return undefined;
  return record.extracted_data?.tables[table]?.rows[row.extractedIndex]?.[column];
}

/**
 * The extraction confidence still applies only while the input holds the engine's value; once a
 * person changed it, the value is theirs.
 */
export function isUnchanged(extracted: ExtractedValue | undefined, text: string): boolean {
  if (extracted === undefined) return false;
  // Numbers compare as numbers: 41.10 in the input is the engine's 41.1.
  if (typeof extracted.value === 'number') {
    return text.trim() !== '' && Number(text.trim()) === extracted.value;
  }
  return toText(extracted.value).trim() === text.trim();
}

/** A schema label with underscores shown as spaces (spec section 2). */
export const displayLabel = (label: string) => label.replace(/_/g, ' ');
