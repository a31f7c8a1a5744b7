/**
 * Line items: a table's rows as the source format states them (Word), else under a header found by
 * its column words (continuing across page breaks), else, on receipts without a header, the item
 * lines before the totals.
 */
import type { TableDefinition } from '@parser/contracts';
import type { ExtractedTable } from '../document.js';
import type { DocContext } from './context.js';
import { itemRoleOf } from './tables/column-words.js';
import { findHeader, matchHeader } from './tables/header.js';
import { meaningTable } from './tables/meaning-table.js';
import { withImpliedFigures, withLineAmount } from './tables/implied-figures.js';
import { receiptItems } from './tables/receipt-items.js';
import { readRows } from './tables/rows.js';
import { fromSourceTables } from './tables/source-tables.js';

export { ALL_COLUMN_PHRASES, columnPhrases } from './tables/column-words.js';
export { findHeader, matchHeader } from './tables/header.js';
export { readRows } from './tables/rows.js';

export function extractTable(table: TableDefinition, ctx: DocContext): ExtractedTable {
  const src = fromSourceTables(ctx.layout.doc.pages, table, ctx);
  if (src) return src;
  // a table of other things than items bought (transactions, results, containers…) is read by
  // what its columns mean
  if (table.columns.some((c) => !itemRoleOf(c))) {
    const meant = meaningTable(table, ctx);
    if (meant) return meant;
  }
  const reading = withLineAmount(table);
  const header = findHeader(reading, ctx);
  // a type that asks for no line amount reads a receipt's items: its header, if any, is a few
  // words over figures that do not keep to columns
  const read =
    header && reading === table
      ? readRows(header, reading, ctx, (row) => matchHeader(row, reading.columns))
      : receiptItems(reading, ctx, header ?? undefined);
  return withImpliedFigures(read, table);
}
