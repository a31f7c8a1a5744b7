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
      from: 0.578,
      p: 0.056,
      n: 8,
    },
    {
      from: 0.625,
      p: 0.5,
      n: 8,
    },
    {
      from: 0.631,
      p: 0.575,
      n: 19,
    },
    {
      from: 0.636,
      p: 0.708,
      n: 11,
    },
    {
      from: 0.638,
      p: 0.775,
      n: 59,
    },
  ],
  amount: [
    {
      from: 0.334,
      p: 0.825,
      n: 19,
    },
    {
      from: 0.888,
      p: 0.967,
      n: 45,
    },
    {
      from: 0.99,
      p: 0.989,
      n: 46,
    },
  ],
  'amount:checked': [
    {
      from: 0.684,
      p: 0.99,
      n: 51,
    },
  ],
  date: [
    {
      from: 0.548,
      p: 0.977,
      n: 110,
    },
  ],
  'date:labelled': [
    {
      from: 0.699,
      p: 0.991,
      n: 52,
    },
  ],
  name: [
    {
      from: 0.527,
      p: 0.46,
      n: 24,
    },
    {
      from: 0.78,
      p: 0.719,
      n: 15,
    },
    {
      from: 0.785,
      p: 0.91,
      n: 71,
    },
  ],
};
