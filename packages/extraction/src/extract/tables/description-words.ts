/**
 * A scanned description's words as printed: a table's ruling read as a letter or a mark before
 * the first word ("| Webhosting" read "L Webhosting"), a stray quote or bracket alone, a digit
 * read in place of a round letter inside a word ("ergon6mica", "protecci0n", "R0TI"), a letter O
 * in a size ("8OMS") and a mark read in the space before a size ("Water-500ml") are undone.
 */
import type { Tok } from '../layout.js';

/** A mark standing alone that no description prints alone. */
const LONE_MARK = /^["'‘’“”()[\]{}*|]$/;

/** A stroke at the start of a cell: the table's ruling, not a word. */
const RULING = /^[|IlL]$/;

/** A digit between lowercase letters, and the letter it is the misreading of. */
const LETTER_FOR_DIGIT: Record<string, string> = { '0': 'o', '6': 'o', '1': 'l', '5': 's' };

function letterForDigit(text: string): string {
  // one digit only, with letters on both sides: "600x600", "A4" or "24-port" stay as they are
  if ((text.match(/\d/g) ?? []).length !== 1) return text;
  return text.replace(/(?<=\p{Ll}{2})[0156](?=\p{Ll})/u, (d) => LETTER_FOR_DIGIT[d] ?? d);
}

/**
 * Zeros read for the letter O in a word of letters: in capitals ("R0TI", "L00SE", "C0PY") or
 * opening a small-letter word ("0range"). A word with another figure ("500ML", "10S") is a size.
 */
function letterOForZero(text: string): string {
  if (!text.includes('0') || /[1-9]/.test(text)) return text;
  if (/^[\p{Lu}0]+$/u.test(text) && (text.match(/\p{Lu}/gu) ?? []).length >= 2)
    return text.replace(/0/g, 'O');
  return /^0\p{Ll}{2,}$/u.test(text) ? `O${text.slice(1)}` : text;
}

/**
 * A size read with the letter O for its zeros ("8OMS" for 80MS, "5o0ml" for 500ml): after the
 * figures that open a size, a round glyph is a zero (ounces, "3OZ", keep their O).
 */
function zeroForLetterO(text: string): string {
  const size = /^(\d+)([oO0]*[oO][oO0]*)(\p{L}{2,})$/u.exec(text);
  if (!size || /^z/i.test(size[3]!)) return text;
  return `${size[1]}${size[2]!.replace(/[oO]/g, '0')}${size[3]}`;
}

/** A mark OCR read in the space before a measure ("Water-500ml", "entera.1L"; "KOREA-2S" stays). */
const sizeApart = (text: string): string =>
  text.replace(/^(\p{L}{3,})[-.](\d+(?:[.,]\d+)?(?:ml|cl|l|g|kg|mg|oz|lb|mm|cm|m))$/iu, '$1 $2');

/** Whether a word was read by OCR: a text layer states its letters (confidence 1). */
const scanned = (t: Tok): boolean => t.conf < 1;

/** A description cell's words with the scan's marks and digit-for-letter misreadings undone. */
export function descriptionWords(toks: Tok[]): Tok[] {
  let words = toks.filter((t) => !(scanned(t) && LONE_MARK.test(t.text)));
  const [first, second] = words;
  // "L Webhosting": a stroke before a capitalised word
  if (
    first &&
    second &&
    scanned(first) &&
    RULING.test(first.text) &&
    /^\p{Lu}\p{Ll}/u.test(second.text)
  )
    words = words.slice(1);
  return words.map((t, i) => {
    if (!scanned(t)) return t;
    // a quote opening the first word ("'Guanti") is a mark of the scan
    const text = sizeApart(
      zeroForLetterO(
        letterOForZero(
          letterForDigit(i === 0 ? t.text.replace(/^['‘’"“”](?=\p{Lu})/u, '') : t.text),
        ),
      ),
    );
    return text === t.text ? t : { ...t, text, norm: t.norm };
  });
}
