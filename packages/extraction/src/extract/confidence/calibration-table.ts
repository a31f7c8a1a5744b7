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

export const CALIBRATION: Record<string, CalibrationStep[]> = {
  address: [
    {
      from: 0.609,
      p: 0.268,
      n: 27,
    },
    {
      from: 0.64,
      p: 0.528,
      n: 17,
    },
    {
      from: 0.643,
      p: 0.676,
      n: 16,
    },
  ],
  amount: [
    {
      from: 0.349,
      p: 0.833,
      n: 14,
    },
    {
      from: 0.943,
      p: 0.946,
      n: 27,
    },
    {
      from: 0.99,
      p: 0.98,
      n: 24,
    },
  ],
  'amount:checked': [
    {
      from: 0.629,
      p: 0.983,
      n: 28,
    },
  ],
  date: [
    {
      from: 0.552,
      p: 0.961,
      n: 63,
    },
  ],
  'date:labelled': [
    {
      from: 0.699,
      p: 0.984,
      n: 31,
    },
  ],
  name: [
    {
      from: 0.524,
      p: 0.537,
      n: 26,
    },
    {
      from: 0.786,
      p: 0.913,
      n: 39,
    },
  ],
};
