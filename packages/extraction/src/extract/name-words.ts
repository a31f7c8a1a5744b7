/**
 * Spelling repair for the trade words of company names ("STATONERY" for "STATIONERY", "HARLARE"
 * for "HARDWARE"). Names are otherwise left as printed: only a word close to exactly one trade word
 * of the document's languages, and to no other, is read as that word.
 */
import { levenshtein } from './layout.js';
import { lookAlikeDifferences } from './lookalike-letters.js';
import { LOCALES, tradeWordsOf, type LocalePack } from './locales/index.js';

const vocabularies = new Map<string, string[]>();

function vocabularyOf(packs: readonly LocalePack[]): string[] {
  const id = packs.map((p) => p.id).join(',');
  const known = vocabularies.get(id);
  if (known) return known;
  const words = tradeWordsOf(packs);
  vocabularies.set(id, words);
  return words;
}

/**
 * The trade word a misread token stands for, or null. Tokens of six letters or more only: shorter
 * ones are as often a name. One edit is allowed, two from seven letters on when the token agrees
 * with the word on both its first letter and its last two (OCR rarely garbles three places at once).
 */
export function tradeWordFor(token: string, packs: readonly LocalePack[] = LOCALES): string | null {
  const lower = token.toLowerCase();
  if (lower.length < 6) return null;
  const words = vocabularyOf(packs);
  // a word of the vocabulary, or its plural or singular ("RESTAURANTS", "SERVICE"), is as printed
  const stems = [lower, `${lower}s`, lower.replace(/e?s$/, ''), lower.replace(/s$/, '')];
  if (stems.some((s) => words.includes(s))) return null;
  let found: string | null = null;
  for (const word of words) {
    if (Math.abs(word.length - lower.length) > 2) continue;
    const distance = levenshtein(lower, word);
    const sameFirst = word[0] === lower[0];
    const sameEnd = word.slice(-2) === lower.slice(-2);
    const close =
      (distance === 1 && (sameFirst || sameEnd)) ||
      (distance === 2 && lower.length >= 7 && sameFirst && sameEnd) ||
      (distance === 2 && lower.length >= 7 && lookAlikeDifferences(lower, word)?.length === 2);
    if (!close) continue;
    if (found && found !== word) return null;
    found = word;
  }
  return found;
}

/** Whether `word` is `token` with letters added only (the letters of `token` in order). */
function lettersAdded(token: string, word: string): boolean {
  let at = 0;
  for (const c of word) if (c === token[at]) at++;
  return at === token.length && word.length > token.length;
}

/**
 * A company name with misread trade words repaired, keeping everything else and the case style.
 * `doubtful` says which tokens OCR may have misread a glyph of. A token read without doubt may
 * still have lost a glyph ("STATONERY": a narrow letter merged into its neighbour leaves no doubt
 * behind), but a glyph it shows is as printed: "Pastelaria" is not a misread "Papelaria", nor
 * "Stationers" a misread "Stationery".
 */
export function repairNameWords(
  name: string,
  packs?: readonly LocalePack[],
  doubtful: (token: string) => boolean = () => true,
): string {
  return name.replace(/[A-Za-z]{6,}/g, (token) => {
    const word = tradeWordFor(token, packs);
    if (!word || (!doubtful(token) && !lettersAdded(token.toLowerCase(), word))) return token;
    if (token === token.toUpperCase()) return word.toUpperCase();
    return token[0] === token[0]?.toUpperCase() ? word[0]!.toUpperCase() + word.slice(1) : word;
  });
}
