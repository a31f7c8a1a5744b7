import type { ValueRef } from '@parser/contracts';

import { type NumberAt, type Relation, refsOf } from '../arithmetic.js';
import { cents } from '../numbers.js';
import { isOneConfusionApart } from '../ocr-confusions.js';
import { SumSheet } from '../sum-sheet.js';
import { refKey } from '../value-refs.js';

export interface Suspect {
  ref: ValueRef;
  /** What the value would read for the sums to agree. */
  expected: number;
}

/** How "round" a tax rate is: 20% and 7.5% are printed rates, 23.04% is not. */
const isRoundRate = (rate: number) => Math.abs(rate * 1000 - Math.round(rate * 1000)) < 0.02;

/**
 * The value most likely misread: among the values of the failed relations, the one whose change
 * by a single OCR confusion makes the most relations hold without breaking one that held. A tie
 * goes to the candidate that keeps the tax rate round, then to the least confident value, then to
 * the one a clerk checks first (the total before the tax).
 */
export function findSuspect(
  relations: readonly Relation[],
  at: NumberAt,
  options: {
    confidence?: (ref: ValueRef) => number;
    taxRate?: (at: NumberAt) => number | null;
    /** Lower first when all else is equal: a total is checked before the tax it includes. */
    priority?: (ref: ValueRef) => number;
  } = {},
): Suspect | null {
  const sheet = new SumSheet(relations, at);
  const failed = sheet.failed();
  if (failed.length === 0) return null;

  const candidates = new Map<string, Suspect>();
  for (const relation of failed) {
    for (const ref of refsOf(relation)) {
      const printed = at(ref);
      const expected = sheet.solveFor(relation, ref);
      if (printed === null || expected === null) continue;
      const rounded = cents(expected);
      if (Math.abs(rounded - expected) > 0.0001 && Math.abs(expected) > 0.0001) {
        // Quantities and prices solved by division must come out exact to be believable.
        if (Math.abs(Math.round(expected * 10000) - expected * 10000) > 0.01) continue;
      }
      if (!isOneConfusionApart(printed, rounded)) continue;
      candidates.set(`${refKey(ref)}=${rounded}`, { ref, expected: rounded });
    }
  }

  let best: {
    suspect: Suspect;
    score: number;
    round: boolean;
    confidence: number;
    priority: number;
  } | null = null;
  for (const suspect of candidates.values()) {
    const score = sheet.gainWith(suspect.ref, suspect.expected);
    if (score <= 0) continue;
    const key = refKey(suspect.ref);
    const patched: NumberAt = (ref) => (refKey(ref) === key ? suspect.expected : at(ref));
    const rate = options.taxRate?.(patched) ?? null;
    const round = rate === null || isRoundRate(rate);
    const confidence = options.confidence?.(suspect.ref) ?? 1;
    const priority = options.priority?.(suspect.ref) ?? 0;
    const better =
      !best ||
      score > best.score ||
      (score === best.score && round && !best.round) ||
      (score === best.score && round === best.round && confidence < best.confidence) ||
      (score === best.score &&
        round === best.round &&
        confidence === best.confidence &&
        priority < best.priority);
    if (better) best = { suspect, score, round, confidence, priority };
  }
  return best?.suspect ?? null;
}
