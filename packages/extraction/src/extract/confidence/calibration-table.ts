/**
 * Fitted by `npx tsx bench/fit-confidence.ts` from the benchmark's signals on the development
 * half; do not edit by hand. Per group: steps of raw score (from) → share of values right (p).
 */
export interface CalibrationStep {
  from: number;
  p: number;
  /** How many development values the step was fitted on. */
  n: number;
}

export const CALIBRATION: Record<string, CalibrationStep[]> = {};
