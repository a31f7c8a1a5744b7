import type { AgentChange, ReconCheck, ReviewRecord, ValueRef } from '@parser/contracts';

const samePlace = (a: ValueRef, b: ValueRef) =>
  a.field !== undefined
    ? a.field === b.field
    : a.table === b.table && a.row === b.row && a.column === b.column;

/** The data entry agent's last change to a place, if any. */
export function agentChangeAt(record: ReviewRecord, place: ValueRef): AgentChange | undefined {
  return record.agent_report?.data_entry?.changes.findLast((change) => samePlace(change, place));
}

/** The failed reconciliation checks that involve a place (a named suspect counts most). */
export function failedChecksAt(record: ReviewRecord, place: ValueRef): ReconCheck[] {
  const checks = record.agent_report?.reconciliation?.checks ?? [];
  return checks.filter(
    (check) =>
      check.status === 'fail' &&
      (check.suspect
        ? samePlace(check.suspect, place)
        : check.fields.some((f) => samePlace(f, place))),
  );
}

/**
 * What the form shows under a value the reconciliation contradicts: the likely reading when a
 * sum names it, else the first failed check's message.
 */
export function reconFlagAt(record: ReviewRecord, place: ValueRef): string | undefined {
  const [check] = failedChecksAt(record, place);
  if (!check) return undefined;
  if (check.suspect)
    return `Likely misread: the sums agree with ${check.suspect.expected.toFixed(2)}`;
  return check.message;
}

/**
 * The warning that names a place as the value likely misread (a sum the reading explains: what
 * the reviewer should check against the page), unless a failed check already marks the place.
 */
export function reconWarningAt(record: ReviewRecord, place: ValueRef): ReconCheck | undefined {
  if (failedChecksAt(record, place).length > 0) return undefined;
  const checks = record.agent_report?.reconciliation?.checks ?? [];
  return checks.find(
    (check) => check.status === 'warn' && check.suspect && samePlace(check.suspect, place),
  );
}

/** A value as the agent's note shows it. */
export function shownValue(value: AgentChange['old']): string {
  if (value === null || value === '') return 'empty';
  return String(value);
}
