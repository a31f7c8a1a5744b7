import type { FieldType, ReviewedData, ReviewSchema, ReviewValue } from '@parser/contracts';
import writeXlsxFile, { type Cell, type Row, type Sheet } from 'write-excel-file/node';

const CURRENCY_FORMAT = '#,##0.00';
const DATE_FORMAT = 'yyyy-mm-dd';
const HEADER_FILL = '#DDE7F3';
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

interface SheetColumn {
  label: string;
  type: FieldType;
}

/**
 * The Excel export: a 'Fields' sheet (labels, then one row of values) and one sheet per table
 * (column labels, then one row per line item). Numbers and amounts are numeric cells (amounts
 * with two decimals), dates are date cells; the header row is bold, filled and frozen, and column
 * widths fit their content.
 */
export async function exportXlsx(schema: ReviewSchema, data: ReviewedData): Promise<Buffer> {
  // Excel reserves the name History.
  const usedNames = new Set<string>(['history']);
  const sheets = [
    sheetOf(
      sheetName('Fields', usedNames),
      schema.fields.map((field) => ({ label: field.label || field.key, type: field.type })),
      [schema.fields.map((field) => data.fields[field.key] ?? null)],
    ),
    ...schema.tables.map((table) =>
      sheetOf(
        sheetName(table.label || table.key, usedNames),
        table.columns.map((column) => ({ label: column.label || column.key, type: column.type })),
        (data.tables[table.key] ?? []).map((item) =>
          table.columns.map((column) => item[column.key] ?? null),
        ),
      ),
    ),
  ];
  return writeXlsxFile(sheets).toBuffer();
}

function sheetOf(name: string, columns: SheetColumn[], rows: ReviewValue[][]): Sheet<Buffer> {
  const header: Row = columns.map((column) => ({
    value: column.label,
    fontWeight: 'bold',
    backgroundColor: HEADER_FILL,
  }));
  const widths = columns.map((column) => column.label.length);
  const body = rows.map((values) =>
    columns.map((column, index) => {
      const value = values[index] ?? null;
      widths[index] = Math.max(widths[index]!, shownLength(value, column.type));
      return cellOf(value, column.type);
    }),
  );
  return {
    sheet: name,
    data: [header, ...body],
    stickyRowsCount: 1,
    columns: widths.map((width) => ({
      width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width + 2)),
    })),
  };
}

/** The cell for a value of the column's type; a value that does not fit its type stays text. */
function cellOf(value: ReviewValue, type: FieldType): Cell {
  if (value === null) return null;
  if (type === 'date' && typeof value === 'string') {
    const match = ISO_DATE.exec(value);
    // Midnight UTC: Excel dates have no time zone; the UTC calendar day is the one written.
    if (match) {
      const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      return { value: day, type: Date, format: DATE_FORMAT };
    }
  }
  if (type === 'currency' && typeof value === 'number') {
    return { value, type: Number, format: CURRENCY_FORMAT };
  }
  return value;
}

/** About how many characters the cell shows, for fitting the column's width. */
function shownLength(value: ReviewValue, type: FieldType): number {
  if (value === null) return 0;
  if (type === 'currency' && typeof value === 'number') {
    return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
      .length;
  }
  if (typeof value === 'string') {
    return Math.max(...value.split(/\r?\n/).map((line) => line.length));
  }
  return String(value).length;
}

/**
 * A valid, unique sheet name: at most 31 characters, none of \ / ? * [ ] :, no apostrophe at
 * either end, distinct from the others regardless of case.
 */
function sheetName(wanted: string, used: Set<string>): string {
  const base =
    wanted
      .replace(/[\\/?*[\]:]/g, ' ')
      .replace(/^'+|'+$/g, '')
      .trim()
      .slice(0, 31) || 'Table';
  let name = base;
  for (let n = 2; used.has(name.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    name = `${base.slice(0, 31 - suffix.length)}${suffix}`;
  }
  used.add(name.toLowerCase());
  return name;
}
