/** A vendor's hints as plain sentences, for a language model's prompt when one is configured. */
import type { VendorHints } from './hint-types.js';

const ORDER = { dmy: 'day before month', mdy: 'month before day' } as const;

/** One line per field hint ("invoice_date: right of the label "Belegdatum", day before month"). */
export function hintExamples(hints: VendorHints): string[] {
  const lines: string[] = [];
  for (const [field, readings] of Object.entries(hints.fields)) {
    const hint = readings[0];
    if (!hint) continue;
    const where =
      hint.place === 'page'
        ? `printed without a label near ${Math.round(hint.at[0] * 100)}% across and ${Math.round(hint.at[1] * 100)}% down page ${hint.page}`
        : `printed ${hint.place === 'right' ? 'right of' : 'under'} the label "${hint.label ?? ''}"`;
    const format = [
      hint.dateOrder ? `dates written ${ORDER[hint.dateOrder]}` : null,
      hint.decimalMark ? `decimal mark "${hint.decimalMark}"` : null,
    ].filter(Boolean);
    lines.push(`${field}: ${[where, ...format].join(', ')}`);
  }
  for (const readings of Object.values(hints.columns)) {
    const hint = readings[0];
    if (hint) lines.push(`${hint.table}.${hint.column}: the column headed "${hint.header}"`);
  }
  return lines;
}
