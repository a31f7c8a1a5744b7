import type { ValueRef } from '@parser/contracts';

import type { ExtractionResult } from '../document.js';

import { type LineAllowance, lineAllowanceOf, roundingTolerance } from './line-allowances.js';
import { CENT, numberOf } from './numbers.js';
import { fieldsByRole, type LineTable, lineTableOf } from './roles.js';
import type { AgentFieldDef, AgentTableDef } from './types.js';
import { cellRef, fieldRef, refKey, valueAt } from './value-refs.js';

/** A product of values (a line's qty × unit price) or a single value. */
export type Term = ValueRef[];

export type RelationKind =
  'line' | 'lines_subtotal' | 'subtotal_tax_total' | 'lines_tax_total' | 'lines_total';

/** An equation the document's numbers must satisfy: Σ left = Σ right, to the cent. */
export interface Relation {
  kind: RelationKind;
  left: Term[];
  right: Term[];
  /** For a line: its row. */
  row?: number;
  /** How far apart the sides may be; one cent unless a cash rounding applies. */
  tolerance?: number;
  /**
   * A figure the document states that no value of the type holds, added to the left side: a
   * line's discount (negative) or its tax.
   */
  allowance?: LineAllowance;
}

export type NumberAt = (ref: ValueRef) => number | null;

export const numbersOf =
  (values: ExtractionResult): NumberAt =>
  (ref) =>
    numberOf(valueAt(values, ref));

/** A term's value: its figures multiplied (qty × unit price), or null when one is unread. */
export const termValue = (term: Term, at: NumberAt): number | null => {
  let product = 1;
  for (const ref of term) {
    const value = at(ref);
    if (value === null) return null;
    product *= value;
  }
  // a quantity times a price is printed to the cent ("0.535 kg × 2.75" is 1.47)
  return term.length > 1 ? Math.round(product * 100) / 100 : product;
};

/** A side's value: its terms summed, or null when one is unread. */
export const sideValue = (terms: readonly Term[], at: NumberAt): number | null => {
  let sum = 0;
  for (const term of terms) {
    const value = termValue(term, at);
    if (value === null) return null;
    sum += value;
  }
  return sum;
};

/** Σ left (with its allowance) − Σ right, or null when a value is missing. */
export function imbalance(relation: Relation, at: NumberAt): number | null {
  const left = sideValue(relation.left, at);
  const right = sideValue(relation.right, at);
  return left === null || right === null ? null : left + (relation.allowance?.value ?? 0) - right;
}

export const holds = (relation: Relation, at: NumberAt): boolean | null => {
  const gap = imbalance(relation, at);
  return gap === null ? null : Math.abs(gap) <= (relation.tolerance ?? CENT);
};

/** A total rounded to 0.05 for cash (as Malaysian and Swiss receipts are) may differ by 0.02. */
const CASH_ROUNDING = 0.025;
const isCashRounded = (total: number) => Math.abs(total * 20 - Math.round(total * 20)) < 1e-6;

export const refsOf = (relation: Relation): ValueRef[] => [
  ...relation.left.flat(),
  ...relation.right.flat(),
];

/**
 * The value `ref` would need for the relation to hold, the others staying as they are; null when
 * it cannot be solved (a zero factor, a missing value).
 */
export function solveFor(relation: Relation, ref: ValueRef, at: NumberAt): number | null {
  return solverOf(relation, at)(ref);
}

/**
 * `solveFor` for many values of one relation: its sides are summed once and each value's term
 * looked up, so solving for every figure of a sum of n lines costs n rather than n².
 */
export function solverOf(relation: Relation, at: NumberAt): (ref: ValueRef) => number | null {
  const gap = imbalance(relation, at);
  // the first term holding a value is the one solved, left side first
  const places = new Map<string, { term: Term; sign: -1 | 1 }>();
  for (const [side, sign] of [
    [relation.left, -1],
    [relation.right, 1],
  ] as const) {
    for (const term of side) {
      for (const ref of term) if (!places.has(refKey(ref))) places.set(refKey(ref), { term, sign });
    }
  }
  return (ref) => {
    const key = refKey(ref);
    const place = places.get(key);
    if (gap === null || !place) return null;
    const current = termValue(place.term, at);
    if (current === null) return null;
    const wanted = current + place.sign * gap;
    if (place.term.length === 1) return wanted;
    const others = termValue(
      place.term.filter((r) => refKey(r) !== key),
      at,
    );
    if (!others) return null;
    return wanted / others;
  };
}

/** The rows of the line-items table that hold anything. */
function filledRows(values: ExtractionResult, table: string, columns: string[]): number[] {
  const rows = values.tables[table]?.rows ?? [];
  return rows.flatMap((row, index) =>
    columns.some((column) => numberOf(row[column]?.value ?? null) !== null) ? [index] : [],
  );
}

/**
 * A line's equation: qty × unit price = amount, to the rounding of a unit price printed to its
 * decimals, and with the discount (or the tax) the document states for the line when the amount
 * takes it into account.
 */
function lineRelation(
  lines: LineTable,
  columns: { qty: string; price: string; amount: string },
  row: number,
  at: NumberAt,
  text: string,
): Relation {
  const { qty, price, amount } = columns;
  const discount = lines.columns.discount;
  const relation: Relation = {
    kind: 'line',
    row,
    left: [[cellRef(lines.key, row, qty), cellRef(lines.key, row, price)]],
    right: [[cellRef(lines.key, row, amount)]],
  };
  const figures = {
    qty: at(cellRef(lines.key, row, qty)),
    price: at(cellRef(lines.key, row, price)),
    amount: at(cellRef(lines.key, row, amount)),
  };
  if (figures.qty === null || figures.price === null || figures.amount === null) return relation;
  const tolerance = roundingTolerance(figures.qty, figures.price);
  const read = { ...relation, tolerance };
  if (holds(read, at) !== false) return read;
  const allowance = lineAllowanceOf(
    {
      qty: figures.qty,
      price: figures.price,
      amount: figures.amount,
      discount: discount === undefined ? null : at(cellRef(lines.key, row, discount)),
      discountIsPercent: discount !== undefined && /pct|percent|rate|%/i.test(discount),
    },
    text,
  );
  // the allowance is worked out to the cent, so its rounding adds a cent
  return allowance ? { ...read, allowance, tolerance: tolerance + CENT } : read;
}

/**
 * The equations a document of this type must satisfy, from its roles: each line's qty × unit
 * price = amount (`text`, the document's, tells the discounts its lines take), the lines sum to the
 * subtotal, subtotal + tax = total; without a subtotal (receipts) the lines plus tax make the
 * total, or the lines alone when the tax is included.
 */
export function relationsOf(
  fields: readonly AgentFieldDef[],
  tables: readonly AgentTableDef[],
  values: ExtractionResult,
  text = '',
): Relation[] {
  const at = numbersOf(values);
  const roles = fieldsByRole(fields);
  const lines = lineTableOf(tables);
  const relations: Relation[] = [];

  let lineTerms: Term[] | null = null;
  if (lines) {
    const { qty, unit_price: price, amount } = lines.columns;
    const columns = [qty, price, amount].filter((c): c is string => c !== undefined);
    const rows = filledRows(values, lines.key, columns);
    if (qty && price && amount) {
      for (const row of rows)
        relations.push(lineRelation(lines, { qty, price, amount }, row, at, text));
    }
    const lineTerm = (row: number, asLineTotal: boolean): Term => {
      if (amount && at(cellRef(lines.key, row, amount)) !== null) {
        return [cellRef(lines.key, row, amount)];
      }
      if (price && qty && !asLineTotal) {
        return [cellRef(lines.key, row, qty), cellRef(lines.key, row, price)];
      }
      return [cellRef(lines.key, row, (price ?? amount)!)];
    };
    if (rows.length > 0) {
      const asProducts = rows.map((row) => lineTerm(row, false));
      const asPrinted = rows.map((row) => lineTerm(row, true));
      // A receipt's "price" column may hold each line's total rather than the unit price: take
      // the reading that the printed totals confirm.
      const target = [roles.subtotal, roles.total]
        .map((key) => (key === undefined ? null : at(fieldRef(key))))
        .filter((n): n is number => n !== null);
      const fits = (terms: Term[]) => {
        const sum = sideValue(terms, at);
        return sum !== null && target.some((t) => Math.abs(t - sum) <= CENT);
      };
      lineTerms = !fits(asProducts) && fits(asPrinted) ? asPrinted : asProducts;
    }
  }

  const subtotal = roles.subtotal === undefined ? null : fieldRef(roles.subtotal);
  const tax = roles.tax === undefined ? null : fieldRef(roles.tax);
  const total = roles.total === undefined ? null : fieldRef(roles.total);
  const has = (ref: ValueRef | null): ref is ValueRef => ref !== null && at(ref) !== null;

  if (lineTerms && has(subtotal)) {
    const linesSubtotal: Relation = {
      kind: 'lines_subtotal',
      left: lineTerms,
      right: [[subtotal]],
    };
    // Receipts often print each line with its tax included: the lines then make the total that
    // subtotal + tax makes, not the net subtotal.
    let linesTotal: Relation | null = null;
    if (has(total) && holds(linesSubtotal, at) === false) {
      const candidate: Relation = { kind: 'lines_total', left: lineTerms, right: [[total]] };
      // With the tax read, subtotal + tax must make that total too; with it unread, the
      // subtotal is checked against the tax the document prints (the implied tax check).
      const netPlusTax: Relation | null = has(tax)
        ? { kind: 'subtotal_tax_total', left: [[subtotal], [tax]], right: [[total]] }
        : null;
      if (holds(candidate, at) === true && (!netPlusTax || holds(netPlusTax, at) === true))
        linesTotal = candidate;
    }
    relations.push(linesTotal ?? linesSubtotal);
  }
  const totalValue = total === null ? null : at(total);
  const tolerance =
    totalValue !== null && isCashRounded(totalValue) ? { tolerance: CASH_ROUNDING } : {};
  if (has(total)) {
    if (has(subtotal)) {
      const withoutTax: Relation = {
        kind: 'subtotal_tax_total',
        left: [[subtotal]],
        right: [[total]],
        ...tolerance,
      };
      // A tax the reader missed is not a wrong total: without it, only an exact match says anything.
      const withTax: Relation = { ...withoutTax, left: [[subtotal], [tax!]] };
      if (has(tax)) {
        // A subtotal equal to the total means the tax shown is included in it (receipts'
        // "Total incl. GST").
        relations.push(
          holds(withTax, at) !== true && holds(withoutTax, at) === true ? withoutTax : withTax,
        );
      } else if (tax === null || holds(withoutTax, at) === true) {
        relations.push(withoutTax);
      }
    } else if (lineTerms) {
      const linesAlone: Relation = {
        kind: 'lines_total',
        left: lineTerms,
        right: [[total]],
        ...tolerance,
      };
      if (has(tax) && holds(linesAlone, at) !== true) {
        relations.push({
          kind: 'lines_tax_total',
          left: [...lineTerms, [tax]],
          right: [[total]],
          ...tolerance,
        });
      } else {
        relations.push(linesAlone);
      }
    }
  }
  return relations;
}
