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
      n: 10,
    },
    {
      from: 0.631,
      p: 0.591,
      n: 10,
    },
    {
      from: 0.634,
      p: 0.611,
      n: 8,
    },
    {
      from: 0.636,
      p: 0.792,
      n: 11,
    },
    {
      from: 0.638,
      p: 0.839,
      n: 58,
    },
  ],
  'address:doubtful': [
    {
      from: 0.578,
      p: 0.056,
      n: 8,
    },
    {
      from: 0.625,
      p: 0.5,
      n: 10,
    },
    {
      from: 0.631,
      p: 0.591,
      n: 10,
    },
    {
      from: 0.634,
      p: 0.611,
      n: 8,
    },
    {
      from: 0.636,
      p: 0.792,
      n: 11,
    },
    {
      from: 0.638,
      p: 0.833,
      n: 56,
    },
  ],
  amount: [
    {
      from: 0.334,
      p: 0.844,
      n: 15,
    },
    {
      from: 0.89,
      p: 0.995,
      n: 95,
    },
  ],
  'amount:checked': [
    {
      from: 0.684,
      p: 0.992,
      n: 65,
    },
  ],
  'amount:clear': [
    {
      from: 0.807,
      p: 0.986,
      n: 35,
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
      from: 0.822,
      p: 0.991,
      n: 52,
    },
  ],
  name: [
    {
      from: 0.54,
      p: 0.577,
      n: 12,
    },
    {
      from: 0.761,
      p: 0.682,
      n: 10,
    },
    {
      from: 0.78,
      p: 0.821,
      n: 13,
    },
    {
      from: 0.785,
      p: 0.928,
      n: 75,
    },
  ],
  'name:legal': [
    {
      from: 0.744,
      p: 0.607,
      n: 13,
    },
    {
      from: 0.78,
      p: 0.821,
      n: 13,
    },
    {
      from: 0.785,
      p: 0.938,
      n: 39,
    },
    {
      from: 0.795,
      p: 0.984,
      n: 31,
    },
  ],
  'name:legal:clear': [
    {
      from: 0.79,
      p: 0.985,
      n: 33,
    },
  ],
  'name:legal:doubtful': [
    {
      from: 0.744,
      p: 0.607,
      n: 13,
    },
    {
      from: 0.78,
      p: 0.821,
      n: 13,
    },
    {
      from: 0.785,
      p: 0.934,
      n: 37,
    },
  ],
};
