import type { ReconCheck } from '@parser/contracts';

import { numberOf } from '../numbers.js';
import { allRefs, fieldRoleOf } from '../roles.js';
import type { AgentDocument, AgentSettings } from '../types.js';
import { fieldRef, isEmptyValue, valueAt } from '../value-refs.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isRealDate = (text: string) => {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().startsWith(text);
};

/** Required fields present; every value of its type. */
export function presenceAndTypeChecks(doc: AgentDocument): ReconCheck[] {
  const checks: ReconCheck[] = [];
  for (const field of doc.fields) {
    if (!field.required) continue;
    const ref = fieldRef(field.key);
    const empty = isEmptyValue(valueAt(doc.values, ref));
    checks.push({
      kind: 'required',
      status: empty ? 'fail' : 'pass',
      message: empty
        ? `${field.label || field.key} is required but empty`
        : `${field.label || field.key} is present`,
      fields: [ref],
    });
  }
  for (const { ref, type, label } of allRefs(doc)) {
    const value = valueAt(doc.values, ref);
    if (isEmptyValue(value)) continue;
    let fits = true;
    switch (type) {
      case 'number':
      case 'currency':
        // A letter left in an amount (other than a currency) is a misread, not a number.
        fits =
          typeof value === 'number' ||
          (typeof value === 'string' &&
            numberOf(value) !== null &&
            !/[A-Za-z]/.test(value.replace(/\b[A-Z]{3}\b|\bRM\b|\bRs\b\.?/g, '')));
        break;
      case 'date':
        fits = typeof value === 'string' && isRealDate(value.trim());
        break;
      case 'boolean':
        fits = typeof value === 'boolean';
        break;
      default:
        break;
    }
    if (!fits) {
      checks.push({
        kind: 'type',
        status: 'fail',
        message: `${label} "${String(value)}" is not a valid ${type === 'currency' ? 'amount' : type}`,
        fields: [ref],
      });
    }
  }
  return checks;
}

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** Dates plausible: none after today, the due date not before the issue date. */
export function dateChecks(doc: AgentDocument, settings: AgentSettings): ReconCheck[] {
  const checks: ReconCheck[] = [];
  let issue: { key: string; label: string; date: string } | null = null;
  let due: { key: string; label: string; date: string } | null = null;
  for (const field of doc.fields) {
    if (field.type !== 'date') continue;
    const value = valueAt(doc.values, fieldRef(field.key));
    if (typeof value !== 'string' || !isRealDate(value)) continue;
    const label = field.label || field.key;
    const role = fieldRoleOf(field);
    if (role === 'issue_date') issue ??= { key: field.key, label, date: value };
    if (role === 'due_date') due ??= { key: field.key, label, date: value };
    // A due date may lie ahead; any other date of a document cannot.
    if (role !== 'due_date' && daysBetween(settings.today, value) > 0) {
      checks.push({
        kind: 'date',
        status: 'fail',
        message: `${label} ${value} is in the future`,
        fields: [fieldRef(field.key)],
      });
    }
  }
  if (issue && due) {
    const ok = daysBetween(issue.date, due.date) >= 0;
    checks.push({
      kind: 'date',
      status: ok ? 'pass' : 'fail',
      message: ok
        ? `${due.label} is on or after ${issue.label}`
        : `${due.label} ${due.date} is before ${issue.label} ${issue.date}`,
      fields: [fieldRef(issue.key), fieldRef(due.key)],
    });
  }
  return checks;
}
