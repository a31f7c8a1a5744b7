import { parseAmount } from '../extract/parse.js';

import type { AgentValue } from './types.js';

/** A value as a number: numbers as they are, amount texts parsed ("$1,234.50" → 1234.5). */
export function numberOf(value: AgentValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  return parseAmount(value);
}

/** Rounds to cents, so sums of amounts compare without floating-point dust. */
export const cents = (value: number): number => Math.round(value * 100) / 100;

/** One cent of tolerance, plus a hair for floating point. */
export const CENT = 0.010001;

export const agree = (a: number, b: number): boolean => Math.abs(a - b) <= CENT;
