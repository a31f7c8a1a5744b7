import type { ReconCheck, ValueRef } from '@parser/contracts';

import { agree, numberOf } from '../numbers.js';
import { allRefs } from '../roles.js';
import type { AgentDocument, AgentValue } from '../types.js';
import { cellAt, isEmptyValue } from '../value-refs.js';

const shown = (value: AgentValue) => (value === null ? 'nothing' : `"${String(value)}"`);

function same(value: AgentValue, printed: AgentValue, type: string): boolean {
  if (type === 'number' || type === 'currency') {
    const a = numberOf(value);
    const b = numberOf(printed);
    return a !== null && b !== null && agree(a, b);
  }
  const norm = (v: AgentValue) =>
    String(v ?? '')
      .replace(/\s+/g, '')
      .toLowerCase();
  return norm(value) === norm(printed);
}

/**
 * A PDF that embeds its e-invoice XML (Factur-X / ZUGFeRD) must print what the XML says. Each
 * value read from the XML whose printed reading differed fails, naming both; when everything
 * compared agrees, one passing check says so. Documents without embedded XML get no check.
 */
export function einvoiceChecks(doc: AgentDocument): ReconCheck[] {
  const compared: ValueRef[] = [];
  const checks: ReconCheck[] = [];
  for (const { ref, type, label } of allRefs(doc)) {
    const cell = cellAt(doc.values, ref);
    const origin = cell?.origin;
    if (!cell || origin?.kind !== 'einvoice') continue;
    // Only values also found on a page were compared with it (an XML-only file has no page).
    if (origin.printed === undefined && !cell.source) continue;
    compared.push(ref);
    const printed = origin.printed;
    if (printed === undefined || isEmptyValue(cell.value) || same(cell.value, printed, type)) {
      continue;
    }
    checks.push({
      kind: 'einvoice',
      status: 'fail',
      message: `${label}: the embedded e-invoice XML says ${shown(cell.value)}, the printed invoice shows ${shown(printed)}`,
      fields: [ref],
    });
  }
  if (checks.length === 0 && compared.length > 0) {
    checks.push({
      kind: 'einvoice',
      status: 'pass',
      message: 'The printed invoice agrees with its embedded e-invoice XML',
      fields: compared,
    });
  }
  return checks;
}
