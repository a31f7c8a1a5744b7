import type { FieldType, ReviewedData, ReviewSchema, ReviewValue } from '@parser/contracts';
import ExcelJS from 'exceljs';

const CURRENCY_FORMAT = '#,##0.00';
const DATE_FORMAT = 'yyyy-mm-dd';
const HEADER_FILL = 'FFDDE7F3';
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
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Parser';
  // Excel reserves the name History.
  const usedNames = new Set<string>(['history']);
  addSheet(
    workbook,
    sheetName('Fields', usedNames),
    schema.fields.map((field) => ({ label: field.label || field.key, type: field.type })),
    [schema.fields.map((field) => data.fields[field.key] ?? null)],
  );
  for (const table of schema.tables) {
    addSheet(
      workbook,
      sheetName(table.label || table.key, usedNames),
      table.columns.map((column) => ({ label: column.label || column.key, type: column.type })),
      (data.tables[table.key] ?? []).map((item) =>
        table.columns.map((column) => item[column.key] ?? null),
      ),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function addSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: SheetColumn[],
  rows: ReviewValue[][],
): void {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  const header = sheet.addRow(columns.map((column) => column.label));
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
  });
  const widths = columns.map((column) => column.label.length);
  for (const values of rows) {
    const row = sheet.addRow(values.map((value, index) => cellValue(value, columns[index]!.type)));
    columns.forEach((column, index) => {
      const cell = row.getCell(index + 1);
      if (column.type === 'currency' && typeof cell.value === 'number')
        cell.numFmt = CURRENCY_FORMAT;
      if (column.type === 'date' && cell.value instanceof Date) cell.numFmt = DATE_FORMAT;
      widths[index] = Math.max(widths[index]!, shownLength(values[index] ?? null, column.type));
    });
  }
  widths.forEach((width, index) => {
    sheet.getColumn(index + 1).width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width + 2));
  });
}

/** The cell for a value of the column's type; a value that does not fit its type stays text. */
function cellValue(value: ReviewValue, type: FieldType): ExcelJS.CellValue {
  if (value === null) return null;
  if (type === 'date' && typeof value === 'string') {
    const match = ISO_DATE.exec(value);
    // Midnight UTC: Excel dates have no time zone, and exceljs writes the UTC calendar day.
    if (match) return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
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
