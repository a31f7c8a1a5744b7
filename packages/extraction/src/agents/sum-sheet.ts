import type { ValueRef } from '@parser/contracts';

import {
  holds,
  imbalance,
  type NumberAt,
  type Relation,
  solverOf,
  type Term,
  termValue,
} from './arithmetic.js';
import { CENT } from './numbers.js';
import { refKey } from './value-refs.js';

/** Where a value sits in a relation: which side, which term. */
interface Place {
  relation: number;
  side: 'left' | 'right';
  term: number;
}

/** A relation as read: the gap between its sides, or null with a value unread. */
interface Evaluated {
  gap: number | null;
  holds: boolean | null;
}

/** What adjusting a large relation's gap needs to know of its terms. */
interface Terms {
  /** Σ|term| of both sides: how large the rounding of the sums can be. */
  magnitude: number;
  /** Terms with a value unread. */
  unread: number;
}

/**
 * Relations above this many terms are answered from their sums; smaller ones are summed again,
 * which is as cheap and needs no reasoning about rounding.
 */
const SUMMED_AGAIN_UP_TO = 8;

/**
 * The document's relations evaluated once, so that "what if this one value read otherwise" is
 * answered from the few relations that hold the value (its line and the sum of the lines) rather
 * than by summing every relation again: on an invoice of n lines the latter costs n per question,
 * and the agents ask one question per figure of every failed sum.
 *
 * Answers are exactly those of `holds(relation, patched)`. A large sum is adjusted by the change of
 * its one term; where the adjusted gap lies so close to the tolerance that the rounding of the
 * sums could tip it, the relation is summed again with the patched value.
 */
export class SumSheet {
  private readonly evaluated: Evaluated[];
  /** Where each value sits, filed on the first question about one (none when all sums hold). */
  private filed: Map<string, Place[]> | undefined;
  private readonly summed = new Map<number, Terms>();
  private readonly solvers = new Map<Relation, (ref: ValueRef) => number | null>();
  /** How many relations fail as read. */
  private readonly failing: number;

  constructor(
    readonly relations: readonly Relation[],
    readonly at: NumberAt,
  ) {
    this.evaluated = relations.map((relation) => {
      const gap = imbalance(relation, at);
      const ok = gap === null ? null : Math.abs(gap) <= (relation.tolerance ?? CENT);
      return { gap, holds: ok };
    });
    this.failing = this.evaluated.filter((e) => e.holds === false).length;
  }

  /** A relation's terms summed up, on the first question about it. */
  private termsOf(i: number): Terms {
    let terms = this.summed.get(i);
    if (!terms) {
      terms = { magnitude: 0, unread: 0 };
      for (const term of [...this.relations[i]!.left, ...this.relations[i]!.right]) {
        const value = termValue(term, this.at);
        if (value === null) terms.unread++;
        terms.magnitude += Math.abs(value ?? 0);
      }
      this.summed.set(i, terms);
    }
    return terms;
  }

  /** Where a value sits in the relations: once per term (a term naming it twice is one place). */
  private placesOf(key: string): Place[] {
    if (!this.filed) {
      const filed = new Map<string, Place[]>();
      this.relations.forEach((relation, i) => {
        for (const side of ['left', 'right'] as const) {
          relation[side].forEach((term, t) => {
            for (const ref of term) {
              const list = filed.get(refKey(ref)) ?? [];
              const last = list[list.length - 1];
              if (last?.relation === i && last.side === side && last.term === t) continue;
              list.push({ relation: i, side, term: t });
              filed.set(refKey(ref), list);
            }
          });
        }
      });
      this.filed = filed;
    }
    return this.filed.get(key) ?? [];
  }

  /** The relations that fail as read, in order. */
  failed(): Relation[] {
    return this.relations.filter((_, i) => this.evaluated[i]!.holds === false);
  }

  /** The relations holding `ref`, each once, in order. */
  private relationsOf(ref: ValueRef): number[] {
    return [...new Set(this.placesOf(refKey(ref)).map((place) => place.relation))];
  }

  /** Whether relation `i` holds with `ref` read as `value` and every other value as read. */
  private holdsWith(i: number, ref: ValueRef, value: number): boolean | null {
    const relation = this.relations[i]!;
    const evaluated = this.evaluated[i]!;
    const key = refKey(ref);
    const patched: NumberAt = (r) => (refKey(r) === key ? value : this.at(r));
    const termCount = relation.left.length + relation.right.length;
    if (termCount <= SUMMED_AGAIN_UP_TO) return holds(relation, patched);
    const mine = this.placesOf(key).filter((place) => place.relation === i);
    const termOf = (place: Place): Term => relation[place.side][place.term]!;
    const terms = this.termsOf(i);
    if (evaluated.gap === null) {
      // A value left unread in a term that does not hold `ref` leaves the relation unread.
      const unreadMine = mine.filter((place) => termValue(termOf(place), this.at) === null).length;
      return terms.unread > unreadMine ? null : holds(relation, patched);
    }
    // Every other term keeps its value: the gap moves by the change of the terms holding `ref`.
    let gap = evaluated.gap;
    let magnitude = terms.magnitude;
    for (const place of mine) {
      const term = termOf(place);
      const before = termValue(term, this.at);
      const after = termValue(term, patched);
      if (before === null || after === null) return holds(relation, patched);
      gap += place.side === 'left' ? after - before : before - after;
      magnitude += Math.abs(after);
    }
    const tolerance = relation.tolerance ?? CENT;
    // Summing n terms in another order moves the result by at most about n ulps of their
    // magnitude: only a gap farther than that from the tolerance is sure to compare the same.
    const rounding = 4 * (termCount + 4) * Number.EPSILON * magnitude;
    if (Math.abs(Math.abs(gap) - tolerance) <= rounding) return holds(relation, patched);
    return Math.abs(gap) <= tolerance;
  }

  /** Whether a relation holding `ref` fails as read. */
  failsAt(ref: ValueRef): boolean {
    return this.relationsOf(ref).some((i) => this.evaluated[i]!.holds === false);
  }

  /** How many more relations hold with `ref` read as `value` (fewer when negative). */
  gainWith(ref: ValueRef, value: number): number {
    let gain = 0;
    for (const i of this.relationsOf(ref)) {
      const before = this.evaluated[i]!.holds === true ? 1 : 0;
      const after = this.holdsWith(i, ref, value) === true ? 1 : 0;
      gain += after - before;
    }
    return gain;
  }

  /** Whether a relation that holds as read would no longer hold with `ref` read as `value`. */
  breaksWith(ref: ValueRef, value: number): boolean {
    return this.relationsOf(ref).some(
      (i) => this.evaluated[i]!.holds === true && this.holdsWith(i, ref, value) !== true,
    );
  }

  /** Whether no relation would fail with `ref` read as `value` (unread ones may stay unread). */
  noneFailsWith(ref: ValueRef, value: number): boolean {
    const mine = this.relationsOf(ref);
    const failingElsewhere =
      this.failing - mine.filter((i) => this.evaluated[i]!.holds === false).length;
    return failingElsewhere === 0 && mine.every((i) => this.holdsWith(i, ref, value) !== false);
  }

  /** `solveFor` on a relation of the sheet; each relation is summed once for all its values. */
  solveFor(relation: Relation, ref: ValueRef): number | null {
    let solve = this.solvers.get(relation);
    if (!solve) {
      solve = solverOf(relation, this.at);
      this.solvers.set(relation, solve);
    }
    return solve(ref);
  }
}
