import type { ValueRef } from '@parser/contracts';

import type { ExtractionResult } from '../document.js';

import { numberOf } from './numbers.js';
import { isPrintedCleanly, printsDecimals } from './printed-rows.js';
import type { AgentDocument } from './types.js';
import { cellAt } from './value-refs.js';

/** The type a document type gives a place ('' when unknown). */
function typeOf(doc: AgentDocument, ref: ValueRef): string {
  if (ref.field !== undefined) return doc.fields.find((f) => f.key === ref.field)?.type ?? '';
  const table = doc.tables.find((t) => t.key === ref.table);
  return table?.columns.find((c) => c.key === ref.column)?.type ?? '';
}

/**
 * Whether an amount was read on the page from a figure the document's text does not print
 * cleanly (a letter in it, its decimals lost, nowhere as read): a doubtful glyph. Only amounts
 * read on the page count (not derived ones, not an e-invoice's XML), and only on a document that
 * prints its amounts with decimals; quantities are printed without them.
 */
export function isReadFromDoubtfulGlyph(
  doc: AgentDocument,
  values: ExtractionResult,
  ref: ValueRef,
): boolean {
  if (!doc.text || !printsDecimals(doc.text) || typeOf(doc, ref) !== 'currency') return false;
  const cell = cellAt(values, ref);
  const read = numberOf(cell?.value ?? null);
  if (!cell?.source || cell.origin || read === null || read === 0) return false;
  return !isPrintedCleanly(doc.text, read);
}
