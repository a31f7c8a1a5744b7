import { columnFor, type CsvTable, matchRecord } from '../knowledge/csv-records.js';
import { comparableId, isIdentifier, nameTokens } from '../knowledge/names.js';
import { PassageIndex, valueAfterLabel } from '../knowledge/passages.js';
import { oneConfusionVariants } from '../ocr-confusions.js';
import { fieldsByRole } from '../roles.js';
import type { AgentDocument, AgentFieldDef, AgentValue, KnowledgeDocument } from '../types.js';
import { fieldRef, isEmptyValue, valueAt } from '../value-refs.js';

import type { ChangeLog } from './change-log.js';
import { type DateReading, normaliseValue } from './normalise.js';

const textOf = (value: AgentValue | undefined): string | null =>
  value === null || value === undefined || value === '' ? null : String(value).trim() || null;

/** A knowledge text as the field's type wants it (amounts as numbers, dates ISO). */
function typed(field: AgentFieldDef, text: string, dates: DateReading) {
  const normalised = normaliseValue(field.type, text, dates);
  if (normalised) return normalised.value;
  return field.type === 'string' ? text : null;
}

/**
 * An id the document misread by one letter↔digit confusion (PO-778l), repaired when exactly one
 * record of a knowledge CSV has the repaired id and none has the printed one.
 */
export function repairIdsFromRecords(
  doc: AgentDocument,
  tables: readonly CsvTable[],
  log: ChangeLog,
): void {
  for (const field of doc.fields) {
    if (field.type !== 'string') continue;
    const printed = textOf(valueAt(log.values, fieldRef(field.key)));
    if (!printed) continue;
    for (const table of tables) {
      const column = columnFor(table, field);
      if (column < 0 || !isIdentifier(nameTokens(table.headers[column] ?? ''))) continue;
      const ids = new Set(table.rows.map((row) => comparableId(row[column] ?? '')));
      if (ids.has(comparableId(printed))) continue;
      const found = oneConfusionVariants(printed).filter((v) => ids.has(comparableId(v)));
      if (found.length !== 1) continue;
      log.apply(
        fieldRef(field.key),
        { value: found[0]! },
        {
          reason: `OCR confusion repaired: "${printed}" is not in ${table.name}, "${found[0]}" is`,
          source: table.name,
        },
      );
      break;
    }
  }
}

/**
 * Fills empty fields from the one record of each knowledge CSV that the document's values point
 * at (exact on ids and tax numbers, close on names).
 */
export function completeFromRecords(
  doc: AgentDocument,
  tables: readonly CsvTable[],
  log: ChangeLog,
  dates: DateReading,
): void {
  for (const table of tables) {
    const match = matchRecord(table, doc.fields, (key) =>
      textOf(valueAt(log.values, fieldRef(key))),
    );
    if (!match) continue;
    for (const field of doc.fields) {
      const ref = fieldRef(field.key);
      if (!isEmptyValue(valueAt(log.values, ref))) continue;
      const column = columnFor(table, field);
      const cell = column < 0 ? '' : (match.row[column] ?? '').trim();
      if (!cell) continue;
      const value = typed(field, cell, dates);
      if (value === null) continue;
      log.apply(
        ref,
        { value, confidence: 0.9 },
        {
          reason: `Found in ${table.name}: the record whose ${match.by[0]} is "${match.by[1]}"`,
          source: table.name,
        },
      );
    }
  }
}

/**
 * Fills empty fields from prose knowledge documents: a BM25 search for the field's label with
 * the document's identifying values, then the text printed next to the label. A value found only
 * in passages that name none of the document's values is taken when the knowledge agrees on it.
 */
export function completeFromPassages(
  doc: AgentDocument,
  documents: readonly KnowledgeDocument[],
  log: ChangeLog,
  dates: DateReading,
): void {
  if (documents.length === 0) return;
  const index = new PassageIndex(documents);
  const roles = fieldsByRole(doc.fields);
  const identities = [roles.vendor, roles.invoice_number, roles.po_number]
    .map((key) => (key === undefined ? null : textOf(valueAt(log.values, fieldRef(key)))))
    .filter((v): v is string => v !== null && v.length >= 3);
  for (const field of doc.fields) {
    const ref = fieldRef(field.key);
    if (!isEmptyValue(valueAt(log.values, ref)) || log.isLocked(ref)) continue;
    const labels = [field.label, field.key.replace(/_/g, ' '), ...(field.aliases ?? [])].filter(
      Boolean,
    );
    const hits = index.find([...labels, ...identities].join(' ')).flatMap((passage) => {
      const found = valueAfterLabel(passage.text, labels);
      return found ? [{ ...passage, found }] : [];
    });
    const named = hits.find((hit) =>
      identities.some((id) => hit.text.toLowerCase().includes(id.toLowerCase())),
    );
    const distinct = new Set(hits.map((hit) => hit.found.toLowerCase()));
    const chosen = named ?? (identities.length === 0 && distinct.size === 1 ? hits[0] : undefined);
    if (!chosen) continue;
    const value = typed(field, chosen.found, dates);
    if (value === null) continue;
    log.apply(
      ref,
      { value, confidence: 0.7 },
      {
        reason: `Found next to "${field.label || field.key}" in ${chosen.document}`,
        source: chosen.document,
      },
    );
  }
}
