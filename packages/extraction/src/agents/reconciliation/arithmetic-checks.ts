import type { ReconCheck, ValueRef } from '@parser/contracts';

import { holds, imbalance, type NumberAt, type Relation, refsOf } from '../arithmetic.js';
import { cents } from '../numbers.js';
import type { FieldRole } from '../roles.js';
import { fieldRef, refKey } from '../value-refs.js';

import type { ReadingDoubt } from './doubt-types.js';
import type { LinesBlame } from './short-lines.js';
import { findSuspect } from './suspect.js';

const money = (value: number) => cents(value).toFixed(2);

const WHAT: Record<Relation['kind'], string> = {
  line: 'qty × unit price = amount',
  lines_subtotal: 'the lines add up to the subtotal',
  subtotal_tax_total: 'subtotal + tax = total',
  lines_tax_total: 'the lines plus tax make the total',
  lines_total: 'the lines add up to the total',
};

function describe(relation: Relation): string {
  if (relation.kind !== 'line')
    return WHAT[relation.kind][0]!.toUpperCase() + WHAT[relation.kind].slice(1);
  const allowance = relation.allowance;
  const what = allowance
    ? `qty × unit price ${allowance.value < 0 ? '−' : '+'} ${allowance.what} = amount`
    : WHAT.line;
  return `Line ${(relation.row ?? 0) + 1}: ${what}`;
}

/**
 * A check per relation: pass when it holds to the cent; fail with the difference otherwise. A
 * failed sum names the value most likely misread (the change by one OCR confusion that makes the
 * sums agree), because that is where a clerk looks first. A sum the reading itself gives reason to
 * doubt (`doubtOf`) is a warning that says what to look at: a failure must mean that the printed
 * figures disagree.
 */
export function arithmeticChecks(
  relations: readonly Relation[],
  at: NumberAt,
  options: {
    labels: (ref: ValueRef) => string;
    confidence: (ref: ValueRef) => number;
    roles: Partial<Record<FieldRole, string>>;
    doubtOf?: (relation: Relation) => ReadingDoubt | null;
    /**
     * The values a failed sum blames when not all of its own: the lines, where the subtotal, tax
     * and total agree among themselves.
     */
    blameOf?: (relation: Relation) => LinesBlame | null;
  },
): ReconCheck[] {
  const { subtotal, tax } = options.roles;
  const taxRate = (values: NumberAt) => {
    if (subtotal === undefined || tax === undefined) return null;
    const s = values(fieldRef(subtotal));
    const t = values(fieldRef(tax));
    return s && t !== null ? t / s : null;
  };
  const order = [options.roles.total, undefined, subtotal, tax];
  const priority = (ref: ValueRef) => {
    const index = order.indexOf(ref.field);
    return index < 0 ? order.length : index;
  };
  const suspect = findSuspect(relations, at, {
    confidence: options.confidence,
    taxRate,
    priority,
  });
  return relations.flatMap((relation): ReconCheck[] => {
    const ok = holds(relation, at);
    if (ok === null) return [];
    const fields = refsOf(relation);
    if (ok) {
      return [{ kind: 'arithmetic', status: 'pass', message: `${describe(relation)}`, fields }];
    }
    const gap = imbalance(relation, at) ?? 0;
    const blame = options.blameOf?.(relation) ?? null;
    // a failed sum points at what it blames: all of its values unless some vouch for themselves
    const blamed = blame?.refs ?? fields;
    const isBlamed = (ref: ValueRef) => blamed.some((b) => refKey(b) === refKey(ref));
    const mine =
      suspect && isBlamed(suspect.ref) && fields.some((f) => refKey(f) === refKey(suspect.ref))
        ? suspect
        : null;
    const hint = mine
      ? ` Most likely misread: ${options.labels(mine.ref)} reads ${money(at(mine.ref) ?? 0)}, the sums agree with ${money(mine.expected)}.`
      : '';
    const because = blame ? ` ${blame.note}` : '';
    const doubt = options.doubtOf?.(relation) ?? null;
    if (doubt) {
      // a doubt about the item lines agrees with closing figures that vouch for each other; a
      // doubt about one of those figures is its own story, told over all of the sum's values
      const onLines = blame !== null && doubt.onLines === true;
      return [
        {
          kind: 'arithmetic',
          status: 'warn',
          message: `${describe(relation)} does not hold as read: off by ${money(Math.abs(gap))}. ${doubt.note}${onLines ? ` ${blame.agreement}.` : ''}`,
          fields: onLines ? blamed : fields,
          difference: cents(gap),
          ...(doubt.suspect
            ? { suspect: { ...doubt.suspect.ref, expected: doubt.suspect.expected } }
            : {}),
        },
      ];
    }
    return [
      {
        kind: 'arithmetic',
        status: 'fail',
        message: `${describe(relation)} does not hold: off by ${money(Math.abs(gap))}.${hint}${because}`,
        fields: blamed,
        difference: cents(gap),
        ...(mine ? { suspect: { ...mine.ref, expected: mine.expected } } : {}),
      },
    ];
  });
}
