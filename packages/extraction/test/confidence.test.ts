import { describe, expect, it } from 'vitest';

import {
  calibrated,
  confidenceFor,
  groupOf,
  type ValueSignals,
} from '../src/extract/confidence/calibrate.js';

const signals = (over: Partial<ValueSignals>): ValueSignals => ({
  concept: 'total',
  raw: 0.99,
  labelled: true,
  exactLabel: true,
  readConf: 0.97,
  secondReading: 'none',
  arithmetic: 'none',
  ...over,
});

describe('confidence bands', () => {
  it('shows ≥0.8 only for values right at least 97 times in 100, and 0.6–0.8 for 80–97', () => {
    expect(confidenceFor(0.99)).toBeGreaterThanOrEqual(0.8);
    expect(confidenceFor(0.97)).toBeGreaterThanOrEqual(0.8);
    expect(confidenceFor(0.96)).toBeLessThan(0.8);
    expect(confidenceFor(0.96)).toBeGreaterThanOrEqual(0.6);
    expect(confidenceFor(0.79)).toBeLessThan(0.6);
  });

  it('keeps the order of the share right', () => {
    const shares = [0.1, 0.5, 0.79, 0.8, 0.9, 0.969, 0.97, 0.99, 1];
    const shown = shares.map(confidenceFor);
    expect([...shown].sort((a, b) => a - b)).toEqual(shown);
  });

  it('never shows a value the arithmetic contradicts as confident', () => {
    for (const raw of [0.5, 0.9, 1])
      for (const readConf of [0.9, 1])
        expect(calibrated(signals({ raw, readConf, arithmetic: 'contradicts' }))).toBeLessThan(0.8);
  });

  it('never shows a value with a doubtful word as confident when no curve of its own speaks for it', () => {
    // the development documents hold too few labelled totals with a doubtful word for a curve:
    // the curve of totals in general, mostly read clearly, does not speak for them
    const doubtful = signals({ raw: 0.99, readConf: 0.97, minReadConf: 0.9 });
    expect(calibrated(doubtful)).toBeLessThan(0.8);
    expect(calibrated({ ...doubtful, readConf: 0.99, minReadConf: 0.99 })).toBeGreaterThanOrEqual(
      0.8,
    );
  });

  it('trusts a business name whose every glyph was read surely, though a word is unsure on average', () => {
    const name = signals({
      concept: 'vendor',
      raw: 0.8,
      labelled: false,
      exactLabel: false,
      legalForm: true,
      readConf: 0.96,
      minReadConf: 0.95,
    });
    expect(groupOf({ ...name, leastGlyph: 0.95 })).toBe('name:legal:clear');
    expect(groupOf({ ...name, leastGlyph: 0.6 })).toBe('name:legal:doubtful');
    // without a glyph reading (a text layer's or an older reading), the words' means decide
    expect(groupOf({ ...name, leastGlyph: null })).toBe('name:legal:doubtful');
    expect(calibrated({ ...name, leastGlyph: 0.6 })).toBeLessThanOrEqual(
      calibrated({ ...name, leastGlyph: 0.95 }),
    );
  });

  it('scores a value the arithmetic confirms at least as high as the same value unchecked', () => {
    for (const raw of [0.7, 0.9, 0.99])
      expect(calibrated(signals({ raw, arithmetic: 'agrees' }))).toBeGreaterThanOrEqual(
        calibrated(signals({ raw })),
      );
  });
});
