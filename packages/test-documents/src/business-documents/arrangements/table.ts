/**
 * A business document's table: one- or two-line headers, cells that wrap onto a second line,
 * section headings and brought/carried-forward rows between the data rows, sums under it, ruled
 * as a grid, with a rule under the header, in zebra stripes, or not at all.
 */
import { type FontFamily, type PagePainter, textWidth, wrapText } from '../../corpus/page-model.js';
import type { PrintedTable, TableRuling } from '../model.js';

const SIZE = 8.5;
const LINE = 10;

export function drawTable(
  painter: PagePainter,
  table: PrintedTable,
  ruling: TableRuling,
  family: FontFamily,
  left: number,
  right: number,
  y: number,
): number {
  const total = table.columns.reduce((sum, c) => sum + c.weight, 0);
  const edges = [left];
  for (const column of table.columns)
    edges.push(edges[edges.length - 1]! + ((right - left) * column.weight) / total);
  const cellText = (text: string, index: number, top: number, bold = false) => {
    const column = table.columns[index]!;
    const style = { size: SIZE, family, bold };
    if (column.align === 'right') painter.text(text, edges[index + 1]! - 4, top, style, 'right');
    else painter.text(text, edges[index]! + 4, top, style);
  };

  const headerLines = Math.max(...table.columns.map((c) => c.header.length));
  const headerHeight = headerLines * LINE + 6;
  if (ruling === 'zebra') painter.rect(left, y, right - left, headerHeight, 0.82);
  table.columns.forEach((column, index) =>
    column.header.forEach((line, l) => cellText(line, index, y + 3 + l * LINE, true)),
  );
  let top = y + headerHeight;
  if (ruling !== 'open') painter.line(left, top, right, top, 0.8);

  table.rows.forEach((row, rowIndex) => {
    if (row.kind === 'section') {
      painter.text(row.text, left + 4, top + 5, { size: SIZE + 0.5, family, bold: true });
      top += LINE + 9;
      if (ruling === 'grid') painter.line(left, top, right, top, 0.4);
      return;
    }
    const wrapped = row.cells.map((cell, i) => {
      const width = edges[i + 1]! - edges[i]! - 8;
      return textWidth(cell, family, false, SIZE) > width
        ? wrapText(cell, width, { size: SIZE, family })
        : [cell];
    });
    const height = Math.max(...wrapped.map((lines) => lines.length)) * LINE + 5;
    if (ruling === 'zebra' && rowIndex % 2 === 1)
      painter.rect(left, top, right - left, height, 0.93);
    wrapped.forEach((lines, i) =>
      lines.forEach((line, l) => cellText(line, i, top + 3 + l * LINE, row.kind === 'carry')),
    );
    top += height;
    if (ruling === 'grid') painter.line(left, top, right, top, 0.4);
  });

  if (ruling === 'grid') {
    painter.line(left, y, right, y, 0.4);
    for (const x of edges) painter.line(x, y, x, top, 0.4);
  }
  if (ruling === 'header-rule') painter.line(left, top, right, top, 0.8);

  // sums under the last column, labels right-aligned before it
  let sums = top + 8;
  const valueEdge = edges[edges.length - 2]! - 8;
  for (const entry of table.totals) {
    painter.text(entry.label, valueEdge, sums + 1, { size: SIZE, family }, 'right');
    painter.text(entry.value, right - 4, sums, { size: SIZE + 0.5, family, bold: true }, 'right');
    sums += 15;
  }
  return sums + 8;
}
