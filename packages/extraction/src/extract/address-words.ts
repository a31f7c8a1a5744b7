/**
 * Spelling repair for printed addresses. Addresses reuse a small vocabulary (street types, building
 * words, states and large towns), and OCR misreads one letter of it often ("SERT" for "SERI", "THN"
 * for "TMN", "PERINJUSTRIAN"). A word one edit away from exactly one vocabulary word, and from no
 * other, is read as that word; everything else (names, numbers) is left as printed.
 */
import { levenshtein } from './layout.js';
import { CAPITAL_I_READ_AS_L, lookAlikeDifferences } from './lookalike-letters.js';
import { LOCALES, addressWordsOf, type LocalePack } from './locales/index.js';

/** A vocabulary of address words, indexed by the lengths of the tokens it can repair. */
interface Vocabulary {
  words: Set<string>;
  byLength: Map<number, string[]>;
}

const vocabularies = new Map<string, Vocabulary>();

/** The address words of the given locale packs (every pack when none are given). */
function vocabularyOf(packs: readonly LocalePack[] = LOCALES): Vocabulary {
  const id = packs.map((p) => p.id).join(',');
  const known = vocabularies.get(id);
  if (known) return known;
  const words = new Set(addressWordsOf(packs));
  const byLength = new Map<number, string[]>();
  for (const word of words) {
    for (const length of [word.length - 1, word.length, word.length + 1]) {
      byLength.set(length, [...(byLength.get(length) ?? []), word]);
    }
  }
  const vocabulary = { words, byLength };
  vocabularies.set(id, vocabulary);
  return vocabulary;
}

/** Whether two words of one length differ in exactly one letter, and that letter is a look-alike. */
function oneLookAlikeApart(a: string, b: string): boolean {
  return lookAlikeDifferences(a, b)?.length === 1;
}

/** The vocabulary word a misread token stands for, or null when none (or more than one) fits. */
export function addressWordFor(token: string, packs?: readonly LocalePack[]): string | null {
  const { words: VOCABULARY, byLength: BY_LENGTH } = vocabularyOf(packs);
  const lower = token.toLowerCase();
  if (lower.length < 3 || VOCABULARY.has(lower)) return null;
  // A three-letter token has too many one-edit neighbours among real words; only abbreviations
  // written in capitals, with a letter in the wrong place, are repaired.
  const allowed = lower.length <= 3 ? 1 : lower.length >= 9 ? 2 : 1;
  if (lower.length <= 3 && token !== token.toUpperCase()) return null;
  let found: string | null = null;
  for (const word of BY_LENGTH.get(lower.length) ?? []) {
    if ((word.length <= 3 || lower.length <= 3) && lower.length !== word.length) continue;
    const distance = levenshtein(lower, word);
    if (distance === 0 || distance > allowed) continue;
    // Words must agree on the first letter or the last two: OCR rarely garbles both ends at once.
    // Short words must agree on the first letter: "DAYA" is not a misread "JAYA".
    if (word[0] !== lower[0] && (lower.length <= 4 || word.slice(-2) !== lower.slice(-2))) continue;
    // A short word of the same length must differ by a glyph OCR confuses; one a letter longer or
    // shorter has lost or gained a glyph ("Johr", "Leve"), which any shape can be.
    if (lower.length <= 4 && word.length === lower.length && !oneLookAlikeApart(lower, word))
      continue;
    if (found && found !== word) return null;
    found = word;
  }
  return found;
}

const matchCase = (model: string, word: string): string => {
  if (model === model.toUpperCase()) return word.toUpperCase();
  if (model[0] === model[0]?.toUpperCase()) return word[0]!.toUpperCase() + word.slice(1);
  return word;
};

/**
 * A vocabulary word OCR split in two at a gap between letters ("PETAL ING", "Se langor"): the two
 * pieces are joined when together they are a vocabulary word and apart they are not both words.
 */
export function joinSplitWords(
  address: string,
  vocabulary: ReadonlySet<string>,
  packs?: readonly LocalePack[],
): string {
  const joinedPair = (a: string, b: string): string | null => {
    const joined = `${a}${b}`.toLowerCase();
    if (vocabulary.has(a.toLowerCase()) && vocabulary.has(b.toLowerCase())) return null;
    if (joined.length >= 6 && vocabulary.has(joined)) return `${a}${b}`;
    // a fragment of one or two letters is no word of its own: with the rest it may be a vocabulary
    // word with one letter misread as well ("Ja ian" for "Jalan")
    const fragment =
      Math.min(a.length, b.length) <= 2 &&
      !vocabulary.has(a.toLowerCase()) &&
      !vocabulary.has(b.toLowerCase());
    const word = fragment && joined.length >= 5 ? addressWordFor(`${a}${b}`, packs) : null;
    return word ? matchCase(a, word) : null;
  };
  // each pair of neighbouring words is tried, overlapping ones too ("Klang Se langor": "Klang Se"
  // joins nothing, "Se langor" does)
  const pair = /\b([A-Za-z]+)\s(?=([A-Za-z]+)\b)/g;
  let out = '';
  let from = 0;
  for (const m of address.matchAll(pair)) {
    const at = m.index ?? 0;
    if (at < from) continue;
    const [a, b] = [m[1]!, m[2]!];
    const word = joinedPair(a, b);
    if (!word) continue;
    out += address.slice(from, at) + word;
    from = at + a.length + 1 + b.length;
  }
  return out + address.slice(from);
}

/** Letters a figure inside a word of letters is read for by OCR ("SUB9NG", "Rawan9"). */
const LOOKALIKE_LETTERS: Record<string, string> = {
  '0': 'o',
  '1': 'il',
  '2': 'z',
  '4': 'a',
  '5': 's',
  '6': 'gb',
  '8': 'b',
  '9': 'ga',
};

/**
 * A vocabulary word with one letter read as a figure ("SUB9NG" for "SUBANG", "Rawan9" for
 * "Rawang"): the figure must look like the letter, and only one vocabulary word may fit.
 */
export function letterForFigure(token: string, vocabulary: ReadonlySet<string>): string | null {
  const at = token.search(/\d/);
  if (at < 0 || /\d/.test(token.slice(at + 1)) || token.length - 1 < 4) return null;
  const fits = [...(LOOKALIKE_LETTERS[token[at]!] ?? '')]
    .map((letter) => `${token.slice(0, at)}${letter}${token.slice(at + 1)}`.toLowerCase())
    .filter((word) => vocabulary.has(word));
  return fits.length === 1 ? fits[0]! : null;
}

/** An address with misread vocabulary words repaired, keeping punctuation, numbers and case style. */
export function repairAddressWords(address: string, packs?: readonly LocalePack[]): string {
  const VOCABULARY = vocabularyOf(packs).words;
  // a speck read as a figure after a vocabulary word ("SUBANG6 BESTARI")
  const despecked = address.replace(/\b([A-Za-z]{4,})\d(?=\s+[A-Za-z])/g, (m, word: string) =>
    VOCABULARY.has(word.toLowerCase()) ? word : m,
  );
  const figuresRead = despecked.replace(/\b[A-Za-z]+\d[A-Za-z]*\b/g, (token) => {
    const word = letterForFigure(token, VOCABULARY);
    return word ? matchCase(token.replace(/\d/, ''), word) : token;
  });
  return joinSplitWords(figuresRead, VOCABULARY, packs).replace(/[A-Za-z_]{3,}/g, (token) => {
    // '_' is how OCR reads an L whose stem it lost, and a capital I among small letters is an l;
    // no word of these languages opens with an l before a consonant: that l is a capital I ("lpoh")
    const cleaned = token
      .replace(/_/g, 'l')
      .replace(/(?<=[a-z])I|I(?=[a-z])/g, 'l')
      .replace(CAPITAL_I_READ_AS_L, 'I');
    const word = VOCABULARY.has(cleaned.toLowerCase())
      ? cleaned.toLowerCase()
      : addressWordFor(cleaned, packs);
    const model = token.replace(CAPITAL_I_READ_AS_L, 'I');
    return word ? matchCase(model.replace(/_/g, ''), word) : token;
  });
}
