/** The lesson of one reviewed document: where each confirmed value was printed, and how. */
import type { TableDefinition } from '@parser/contracts';
import type { Box, ReadDocument } from '../document.js';
import { contextOf, type DocContext } from '../extract/context.js';
import { segments, type Row } from '../extract/layout.js';
import type { DateOrder, DecimalMark } from '../extract/parse.js';
import type { ColumnObservation, FieldObservation, Lesson } from './hint-types.js';
import { type LessonField, locateCell, observeField } from './locate-value.js';

type Value = string | number | boolean | null;

/** The values a reviewer submitted, in the shape reviews are stored. */
export interface ReviewedValues {
  fields: Record<string, Value>;
  tables: Record<string, Record<string, Value>[]>;
}

export interface LessonSchema {
  fields: LessonField[];
  tables: Pick<TableDefinition, 'key' | 'columns'>[];
}

/** Rows above a table's first line that are searched for its header. */
const HEADER_REACH = 15;

/** The header printed above a cell: the nearest row above with no figures, its words over the cell. */
function headerAbove(cell: { row: Row; box: Box }, ctx: DocContext): string | null {
  const rows = ctx.layout.rows;
  for (let i = cell.row.index - 1; i >= 0 && i >= cell.row.index - HEADER_REACH; i--) {
    const row = rows[i];
    if (!row || row.page !== cell.row.page) break;
    if (/\d/.test(row.text)) continue;
    const over = segments(row.words, row.height, 1.5).find((seg) =>
      seg.some((t) => t.box[0] < cell.box[2] && t.box[2] > cell.box[0]),
    );
    if (over && over.length <= 4 && row.words.length >= 2) return over.map((t) => t.text).join(' ');
  }
  return null;
}

function observeColumns(
  table: LessonSchema['tables'][number],
  rows: Record<string, Value>[],
  ctx: DocContext,
): ColumnObservation[] {
  const out: ColumnObservation[] = [];
  const filled = (v: Value | undefined): v is string | number | boolean =>
    v !== null && v !== undefined && v !== '';
  // the row of a line item is where its longest text is printed (a small figure like a quantity
  // of 2 is printed in many places); its other cells are looked for on that row only
  const textColumns = table.columns.filter((c) => c.type === 'string').map((c) => c.key);
  for (const item of rows.slice(0, 3)) {
    const anchor = textColumns
      .map((key) => item[key])
      .filter(filled)
      .sort((a, b) => String(b).length - String(a).length)[0];
    if (anchor === undefined) continue;
    const at = locateCell('string', anchor, ctx);
    if (!at) continue;
    for (const column of table.columns) {
      const value = item[column.key];
      if (!filled(value) || out.some((o) => o.column === column.key)) continue;
      const cell = locateCell(column.type, value, ctx, [at.row]);
      const header = cell ? headerAbove(cell, ctx) : null;
      if (header) out.push({ table: table.key, column: column.key, header });
    }
  }
  return out;
}

/** The date order and decimal mark most of a document's confirmed values were written in. */
export function documentFormat(
  seen: (Pick<FieldObservation, 'dateOrder' | 'decimalMark'> | null)[],
): {
  dateOrder?: DateOrder;
  decimalMark?: DecimalMark;
} {
  const most = <T extends string>(values: (T | undefined)[]): T | undefined => {
    const counts = new Map<T, number>();
    for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  };
  const dateOrder = most(seen.map((s) => s?.dateOrder));
  const decimalMark = most(seen.map((s) => s?.decimalMark));
  return { ...(dateOrder ? { dateOrder } : {}), ...(decimalMark ? { decimalMark } : {}) };
}

/** What a reviewed document teaches: an observation per confirmed value the page shows. */
export function lessonFrom(
  doc: ReadDocument,
  schema: LessonSchema,
  reviewed: ReviewedValues,
): Lesson {
  const ctx = contextOf(doc);
  const confirmed = schema.fields.flatMap((field) => {
    const value = reviewed.fields[field.key];
    return value === null || value === undefined || value === '' ? [] : [{ field, value }];
  });
  // first the document's own formats, from the values that tell them; then every value read in them
  const format = documentFormat(
    confirmed.map(({ field, value }) => observeField(field, value, ctx)),
  );
  const fields: FieldObservation[] = [];
  for (const { field, value } of confirmed) {
    const seen = observeField(field, value, ctx, format);
    if (seen) fields.push(seen);
  }
  const columns = schema.tables.flatMap((table) =>
    observeColumns(table, reviewed.tables[table.key] ?? [], ctx),
  );
  return { fields, columns };
}
