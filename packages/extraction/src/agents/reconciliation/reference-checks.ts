import type { ReconCheck } from '@parser/contracts';

import { columnFor, type CsvTable, findRecords } from '../knowledge/csv-records.js';
import { nameTokens } from '../knowledge/names.js';
import { agree, numberOf } from '../numbers.js';
import { fieldsByRole } from '../roles.js';
import type { AgentDocument } from '../types.js';
import { fieldRef, valueAt } from '../value-refs.js';

const AMOUNT_WORDS = new Set(['amount', 'total', 'value', 'limit', 'budget']);

const textAt = (doc: AgentDocument, key: string | undefined) => {
  if (key === undefined) return null;
  const value = valueAt(doc.values, fieldRef(key));
  return value === null || value === '' ? null : String(value).trim() || null;
};

/**
 * Checks against the knowledge CSVs enabled for reconciliation: the PO number must be in a PO
 * list, the vendor in the vendor master, and the total must not exceed the PO's amount.
 */
export function referenceChecks(doc: AgentDocument, tables: readonly CsvTable[]): ReconCheck[] {
  const roles = fieldsByRole(doc.fields);
  const checks: ReconCheck[] = [];
  for (const role of ['po_number', 'vendor'] as const) {
    const key = roles[role];
    const value = textAt(doc, key);
    const field = doc.fields.find((f) => f.key === key);
    if (!field || !value || key === undefined) continue;
    const label = field.label || field.key;
    for (const table of tables) {
      const column = columnFor(table, field);
      if (column < 0) continue;
      const records = findRecords(table, column, value);
      if (records.length === 0) {
        checks.push({
          kind: 'reference',
          status: 'fail',
          message: `${label} "${value}" is not in ${table.name}`,
          fields: [fieldRef(key)],
        });
        continue;
      }
      checks.push({
        kind: 'reference',
        status: 'pass',
        message: `${label} "${value}" is in ${table.name}`,
        fields: [fieldRef(key)],
      });
      if (role === 'po_number') checks.push(...poAmountCheck(doc, table, records[0]!, value, key));
    }
  }
  return checks;
}

/** The document's total against the amount its PO allows. */
function poAmountCheck(
  doc: AgentDocument,
  table: CsvTable,
  record: string[],
  po: string,
  poKey: string,
): ReconCheck[] {
  const totalKey = fieldsByRole(doc.fields).total;
  if (totalKey === undefined) return [];
  const total = numberOf(valueAt(doc.values, fieldRef(totalKey)));
  const column = table.headers.findIndex((header) =>
    nameTokens(header).some((token) => AMOUNT_WORDS.has(token)),
  );
  const allowed = column < 0 ? null : numberOf(record[column] ?? '');
  if (total === null || allowed === null) return [];
  const ok = total <= allowed || agree(total, allowed);
  return [
    {
      kind: 'reference',
      status: ok ? 'pass' : 'fail',
      message: ok
        ? `Total ${total.toFixed(2)} is within ${po}'s ${allowed.toFixed(2)}`
        : `Total ${total.toFixed(2)} exceeds ${po}'s ${allowed.toFixed(2)} by ${(total - allowed).toFixed(2)}`,
      fields: [fieldRef(totalKey), fieldRef(poKey)],
      ...(ok ? {} : { difference: Math.round((total - allowed) * 100) / 100 }),
    },
  ];
}
