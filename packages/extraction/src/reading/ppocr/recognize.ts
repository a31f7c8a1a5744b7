import { ROW_HEIGHT, rowWidth, writeRow } from './crop.js';
import type { RotatedRect } from './geometry.js';
import type { GreyImage } from './grey-image.js';
import { inferencePool, type StepOutput } from './inference-pool.js';
import type { Charset } from './models.js';

/** The recogniser's output has one step per this many input pixels of width. */
const STEP = 8;
/** A longer row is squeezed to this width: no useful row is so long, and cost grows with width. */
const MAX_ROW_WIDTH = 1600;
export interface RecognizedChar {
  text: string;
  /** Centre of the character along the row, as a fraction 0..1 of the row's width. */
  at: number;
  probability: number;
  /**
   * The character the recogniser ranked second at this glyph, when it is a character (not "nothing
   * printed here") given at least SECOND_READING_FLOOR: a doubtful "8" that may be a "6".
   */
  runnerUp?: { text: string; probability: number };
}

/** A runner-up below this is noise in the scores, no reading of the glyph worth considering. */
const SECOND_READING_FLOOR = 0.05;

export interface RowReading {
  /** The row's text, spaces included, full-width forms mapped to ASCII. */
  text: string;
  /** Mean probability of the characters read (0 for an empty reading). */
  confidence: number;
  chars: RecognizedChar[];
}

/**
 * Reads the text of each rectangle of the page (one printed row each), in the given order. Each row
 * is one model run at its own width (padding rows to a common width for batched runs cost more
 * than it saved); the runs spread over the pool's workers.
 */
export async function recognizeRows(
  image: GreyImage,
  rects: readonly RotatedRect[],
): Promise<RowReading[]> {
  const charset = inferencePool.charset;
  return Promise.all(
    rects.map(async (rect) => {
      const width = rowWidth(rect, MAX_ROW_WIDTH);
      const padded = Math.ceil(width / STEP) * STEP;
      const pixels = new Float32Array(3 * ROW_HEIGHT * padded);
      writeRow(image, rect, width, pixels, 0, padded);
      const out = await inferencePool.recognize(pixels, 1, padded);
      return decode(out, 0, charset, padded / out.steps / width);
    }),
  );
}

/**
 * A space the recogniser gave at least this probability between two characters is read as one. It
 * was trained mostly on Chinese, which has no spaces, so it seldom ranks a space first even where
 * the print shows a clear gap ("TAMANDAYA"); its doubt is the better sign.
 */
const SPACE_PROBABILITY = 0.02;
/** Between two figures a space needs more: a figure group read apart changes a number ("1 0T"). */
const SPACE_BETWEEN_FIGURES = 0.2;
const FIGURE = /^\d$/;
/** No space is put before these, nor after NO_SPACE_AFTER: "A-12", "(RM)", "No:" keep together. */
const NO_SPACE_BEFORE = /^[-:/.,;)%]$/;
const NO_SPACE_AFTER = /^[-/(]$/;

/**
 * Greedy CTC decoding of one row of a batch: repeats merged, blanks dropped, each character placed
 * at its step's centre, a space between two characters where the steps between them leaned to one.
 * `fractionPerStep` is the share of the row's width one step covers.
 */
export function decode(
  out: StepOutput,
  row: number,
  charset: Charset,
  fractionPerStep: number,
): RowReading {
  const chars: RecognizedChar[] = [];
  let previous = 0;
  const first = row * out.steps;
  const spaceClass = charset.chars.length - 1;
  const runnerUpAt = (t: number): Pick<RecognizedChar, 'runnerUp'> => {
    const c = out.second[first + t]!;
    const probability = out.secondProbability[first + t]!;
    const text = charset.chars[c];
    return c !== 0 && c !== spaceClass && text && probability >= SECOND_READING_FLOOR
      ? { runnerUp: { text, probability } }
      : {};
  };
  let spaceSince = 0;
  for (let t = 0; t < out.steps; t++) {
    const c = out.best[first + t]!;
    spaceSince = Math.max(spaceSince, out.space[first + t]!);
    if (c !== 0 && c !== previous) {
      const at = (t + 0.5) * fractionPerStep;
      const text = charset.chars[c] ?? '';
      const before = chars[chars.length - 1]?.text;
      // steps over the padding read nothing real
      if (at <= 1) {
        if (
          c !== spaceClass &&
          spaceSince >=
            (FIGURE.test(text) && FIGURE.test(before ?? '')
              ? SPACE_BETWEEN_FIGURES
              : SPACE_PROBABILITY) &&
          before?.trim() &&
          !NO_SPACE_AFTER.test(before) &&
          !NO_SPACE_BEFORE.test(text)
        )
          chars.push({ text: ' ', at: at - fractionPerStep, probability: spaceSince });
        chars.push({ text, at, probability: out.probability[first + t]!, ...runnerUpAt(t) });
      }
      spaceSince = 0;
    }
    previous = c;
  }
  const text = chars.map((c) => c.text).join('');
  const printed = chars.filter((c) => c.text.trim());
  const confidence = printed.length
    ? printed.reduce((a, c) => a + c.probability, 0) / printed.length
    : 0;
  return { text, confidence, chars };
}
