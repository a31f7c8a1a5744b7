/**
 * Letters (and figures) that OCR mistakes for one another in print: a word with one of them read
 * for the other is a misreading ("SERT" for "SERI", "THN" for "TMN", "FHARMACY" for "PHARMACY");
 * a word differing from a known word in a letter of another shape is most likely another word
 * ("JASA" is not a misread "JAYA", nor "TAN" a misread "TMN").
 */
/**
 * A word opening with a small l before a consonant: no word of the packs' languages does, so that
 * l is a capital I OCR read as an l ("lnvoice", "lpoh", "lronbridge").
 */
export const CAPITAL_I_READ_AS_L = /^l(?=[bcdfghjkmnpqrstvwxz])/;

const LOOKALIKE_GROUPS = ['iltjf1', 'odqcgu0', 'mnhr', 's5z', 'be8', 'aeo', 'uvy', 'pf', 'ce'];

/** Whether OCR reads one of the two characters (lower case) for the other. */
export const lookAlike = (a: string, b: string): boolean =>
  LOOKALIKE_GROUPS.some((group) => group.includes(a) && group.includes(b));

/**
 * The positions at which two words of one length differ, when each is a look-alike pair; null
 * when the lengths differ or a differing pair is of two shapes.
 */
export function lookAlikeDifferences(a: string, b: string): number[] | null {
  if (a.length !== b.length) return null;
  const at: number[] = [];
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (!lookAlike(a[i]!, b[i]!)) return null;
    at.push(i);
  }
  return at;
}
