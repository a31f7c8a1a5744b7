import { parse } from 'csv-parse/sync';

import type { AgentFieldDef, KnowledgeDocument } from '../types.js';

import { comparableId, isIdentifier, nameSimilarity, nameTokens, SAME_NAME } from './names.js';

/** A knowledge CSV: its header and records. */
export interface CsvTable {
  name: string;
  headers: string[];
  rows: string[][];
}

/** Most records read from one CSV; a master file beyond that is cut, not a crash. */
const MAX_ROWS = 50_000;

/** The CSV's header and records, or null when the text is not a table with a header. */
export function readCsv(document: KnowledgeDocument): CsvTable | null {
  let records: string[][];
  try {
    const parsed: unknown = parse(document.text, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
      to: MAX_ROWS + 1,
      delimiter: [',', ';', '\t'],
    });
    records = parsed as string[][];
  } catch {
    return null;
  }
  const [headers, ...rows] = records;
  if (!headers || headers.length < 2 || rows.length === 0) return null;
  return { name: document.name, headers, rows };
}

/**
 * The column of a CSV holding a field's values: its header names the same thing (key, label or
 * an alias), allowing words the document's name supplies ("Name" in "Vendor master" is the
 * vendor's name). Answers the column index or -1.
 */
export function columnFor(table: CsvTable, field: AgentFieldDef): number {
  const fieldNames = [field.key, field.label, ...(field.aliases ?? [])].map(nameTokens);
  const context = new Set(nameTokens(table.name));
  let best = -1;
  let bestScore = 0;
  table.headers.forEach((header, index) => {
    const tokens = nameTokens(header);
    if (tokens.length === 0) return;
    for (const names of fieldNames) {
      const same = names.length === tokens.length && names.every((t) => tokens.includes(t));
      const extra = names.filter((t) => !tokens.includes(t));
      const covered = tokens.every((t) => names.includes(t)) && extra.every((t) => context.has(t));
      const score = same ? 2 : covered ? 1 : 0;
      if (score > bestScore) [best, bestScore] = [index, score];
    }
  });
  return best;
}

/** A document value that identified a record, for the change's reason. */
export interface RecordMatch {
  row: string[];
  /** The header and value that matched, e.g. ["Vendor Name", "Acme Supplies Ltd"]. */
  by: [string, string];
}

/**
 * The one record the document's values point at: an exact id or tax number match counts twice a
 * close name. Answers null when nothing matches or two records match equally well.
 */
export function matchRecord(
  table: CsvTable,
  fields: readonly AgentFieldDef[],
  valueOf: (key: string) => string | null,
): RecordMatch | null {
  const keys: { column: number; value: string; exact: boolean }[] = [];
  for (const field of fields) {
    const value = valueOf(field.key);
    if (!value) continue;
    const column = columnFor(table, field);
    if (column < 0) continue;
    keys.push({
      column,
      value,
      exact: isIdentifier(nameTokens(table.headers[column] ?? '')),
    });
  }
  if (keys.length === 0) return null;
  let best: RecordMatch | null = null;
  let bestScore = 0;
  let tie = false;
  for (const row of table.rows) {
    let score = 0;
    let by: [string, string] | null = null;
    for (const key of keys) {
      const cell = row[key.column] ?? '';
      if (!cell) continue;
      const hit = key.exact
        ? comparableId(cell) === comparableId(key.value)
        : nameSimilarity(cell, key.value) >= SAME_NAME;
      if (hit) {
        score += key.exact ? 2 : 1;
        by ??= [table.headers[key.column] ?? '', key.value];
      }
    }
    if (score === 0 || !by) continue;
    if (score > bestScore) {
      [best, bestScore, tie] = [{ row, by }, score, false];
    } else if (score === bestScore) {
      tie = true;
    }
  }
  return tie ? null : best;
}

/** The records whose `column` equals `value` exactly (ids) or closely (names). */
export function findRecords(table: CsvTable, column: number, value: string): string[][] {
  const exact = isIdentifier(nameTokens(table.headers[column] ?? ''));
  return table.rows.filter((row) => {
    const cell = row[column] ?? '';
    if (!cell) return false;
    return exact
      ? comparableId(cell) === comparableId(value)
      : nameSimilarity(cell, value) >= SAME_NAME;
  });
}
