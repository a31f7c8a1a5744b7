import type { ReviewedData, ReviewSchema, ReviewValue } from '@parser/contracts';

/** Makes Excel and other spreadsheets open the file as UTF-8. */
const BYTE_ORDER_MARK = '\uFEFF';
/** Text starting with one of these is read as a formula by spreadsheets (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The CSV export (RFC 4180, CRLF line ends, UTF-8 with a byte order mark). The header names the
 * type's field keys, then one `{table_key}.{column_key}` column per table column. A document with
 * line items has one row per item with the header fields repeated (the shape accounting imports
 * read); with several tables, each table's rows follow the previous table's, the other tables'
 * columns left empty. A document without line items is one row.
 */
export function exportCsv(schema: ReviewSchema, data: ReviewedData): string {
  const fieldValues = schema.fields.map((field) => data.fields[field.key] ?? null);
  const header = [
    ...schema.fields.map((field) => field.key),
    ...schema.tables.flatMap((table) =>
      table.columns.map((column) => `${table.key}.${column.key}`),
    ),
  ];
  const rows: ReviewValue[][] = [];
  schema.tables.forEach((table, tableIndex) => {
    for (const item of data.tables[table.key] ?? []) {
      rows.push([
        ...fieldValues,
        ...schema.tables.flatMap((other, otherIndex) =>
          other.columns.map((column) =>
            otherIndex === tableIndex ? (item[column.key] ?? null) : null,
          ),
        ),
      ]);
    }
  });
  if (rows.length === 0) {
    rows.push([...fieldValues, ...schema.tables.flatMap((table) => table.columns.map(() => null))]);
  }
  const lines = [header.map(csvField), ...rows.map((row) => row.map(csvCell).map(csvField))];
  return BYTE_ORDER_MARK + lines.map((line) => line.join(',')).join('\r\n') + '\r\n';
}

/** A value as CSV text: numbers as written by JavaScript (dot decimals), empty for no value. */
function csvCell(value: ReviewValue): string {
  if (value === null) return '';
  if (typeof value === 'string') {
    // A leading apostrophe keeps a spreadsheet from running text from a document as a formula.
    return FORMULA_START.test(value) ? `'${value}` : value;
  }
  return String(value);
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
