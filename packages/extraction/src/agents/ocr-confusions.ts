/**
 * The characters OCR mistakes for one another. Letters read for digits are repaired outright
 * (a letter inside an amount is never right); digits read for digits are only ever suspected,
 * because the arithmetic must say which one is wrong.
 */
const LETTER_DIGITS: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  l: '1',
  I: '1',
  i: '1',
  '|': '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
  z: '2',
};

/** Digit pairs a reader confuses (thin or faint strokes, broken loops). */
const DIGIT_PAIRS = [
  '08',
  '06',
  '09',
  '17',
  '14',
  '38',
  '56',
  '58',
  '68',
  '89',
  '27',
  '39',
  '59',
  '49',
  '35',
  '69',
  '12',
  '13',
];
const CONFUSABLE = new Set(DIGIT_PAIRS.flatMap((pair) => [pair, `${pair[1]}${pair[0]}`]));

/** Letters read for digits inside a number-like text, turned back into digits. */
export function repairLetterDigits(text: string): string {
  return text.replace(/[A-Za-z|]/g, (ch) => LETTER_DIGITS[ch] ?? ch);
}

/** True when a text has digits and only letters OCR confuses with digits (so it is a number). */
export function looksLikeMisreadNumber(text: string): boolean {
  const stripped = text.replace(/[\s$€£¥₹,.'\-−]|RM|USD|EUR|GBP/g, '');
  return (
    /\d/.test(stripped) &&
    /[A-Za-z|]/.test(stripped) &&
    [...stripped].every((ch) => /\d/.test(ch) || ch in LETTER_DIGITS)
  );
}

const money = (value: number) => Math.abs(value).toFixed(2);

/**
 * True when `printed` and `expected` differ by what one OCR slip does: one digit confused with a
 * look-alike, or the decimal separator in the wrong place (a factor of 10 or 100).
 */
export function isOneConfusionApart(printed: number, expected: number): boolean {
  if (Math.abs(printed - expected) < 0.005) return false;
  if (Math.sign(printed) !== Math.sign(expected) && printed !== 0 && expected !== 0) return false;
  for (const factor of [10, 100, 0.1, 0.01]) {
    if (Math.abs(printed * factor - expected) < 0.005) return true;
  }
  const a = money(printed);
  const b = money(expected);
  if (a.length !== b.length) return false;
  let differences = 0;
  let pair = '';
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) {
      differences++;
      pair = `${a[i]}${b[i]}`;
    }
  }
  return differences === 1 && CONFUSABLE.has(pair);
}

/** True when two figures print alike but for one digit ("171.25" and "179.25"), whichever digits. */
export function isOneDigitApart(a: number, b: number): boolean {
  const x = money(a);
  const y = money(b);
  if (x.length !== y.length || Math.sign(a) !== Math.sign(b)) return false;
  let differences = 0;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) differences++;
  return differences === 1;
}

/** Every text one letter↔digit confusion away (for ids: "PO-778l" → "PO-7781"). */
export function oneConfusionVariants(text: string): string[] {
  const variants = new Set<string>();
  const digitLetters: Record<string, string[]> = {};
  for (const [letter, digit] of Object.entries(LETTER_DIGITS)) {
    (digitLetters[digit] ??= []).push(letter);
  }
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    const swaps = [...(LETTER_DIGITS[ch] ? [LETTER_DIGITS[ch]] : []), ...(digitLetters[ch] ?? [])];
    for (const swap of swaps) variants.add(text.slice(0, i) + swap + text.slice(i + 1));
  }
  variants.delete(text);
  return [...variants];
}

/** Whether the characters of `short` appear in `long` in order, with at most `extra` more. */
function isWithin(short: string, long: string, extra: number): boolean {
  if (long.length - short.length > extra || long.length < short.length) return false;
  let i = 0;
  for (const ch of long) if (ch === short[i]) i++;
  return i === short.length;
}

const digitsOf = (value: number) =>
  Math.abs(value).toFixed(2).replace(/\D/g, '').replace(/^0+/, '');

/** Below this many digits, a figure with digits added fits too many others to say anything. */
const MIN_DIGITS = 4;
/** A whole figure whose decimals were lost has at least this many digits before them. */
const MIN_WHOLE = 100;

/**
 * True when a figure read as `read` may have been printed as `wanted` by what a doubtful glyph
 * does: one confusion (a look-alike digit, the decimal separator moved), up to two digits lost or
 * added to a long figure (a faint digit dropped, a stray mark read as one), or the decimals lost
 * ("21846" for "21,846.62"). Never other digits in the place of the printed ones.
 */
export function isGlyphRepair(read: number, wanted: number): boolean {
  if (Math.abs(read - wanted) < 0.005) return false;
  if (isOneConfusionApart(read, wanted)) return true;
  if (Number.isInteger(read) && Math.abs(read) >= MIN_WHOLE && Math.trunc(wanted) === read)
    return true;
  const a = digitsOf(read);
  const b = digitsOf(wanted);
  if (Math.min(a.length, b.length) < MIN_DIGITS) return false;
  return isWithin(a, b, 2) || isWithin(b, a, 2);
}
