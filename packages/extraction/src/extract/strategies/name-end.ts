/** Where a company name ends: at its legal form, before a street printed after it on the same line. */
import { fixOcrLetters, looksAddress } from './company-name.js';
import { NAME_END } from './issuer-block.js';

/**
 * A name ends with its legal form: the street and town printed after it on the same line (a sender
 * line whose separators the scan lost, "Conseil Girard SRL Avenue Louise 152 4000 Liege", or read
 * as a period glued to the street, "Isar Metallbau AG.Industriestraße") are cut.
 */
export function endAtLegalForm(text: string): string {
  // a form's letter read as a figure ("V.0.F") is the form: the look-alike is undone letter for letter
  for (const form of fixOcrLetters(text).matchAll(NAME_END)) {
    let end = (form.index ?? 0) + form[0].length;
    if (text[end] === '.') end++;
    const rest = text.slice(end).trim();
    const glued = text[end - 1] === '.' && /^\p{Lu}\p{Ll}{3,}/u.test(text.slice(end));
    if (glued && !ABBREVIATED_FORM.test(form[0].replace(/\.$/, ''))) return text.slice(0, end - 1);
    if (rest && (glued || looksAddress(rest) || STREET_START.test(rest))) return text.slice(0, end);
  }
  return text;
}

/** Legal forms written with a period of their own ("Lda.", "Ltd.", "S.A."), unlike "AG" or "GmbH". */
const ABBREVIATED_FORM = /\.|^(lda|ltd|inc|corp|co|bhd|ltda)$/i;

/**
 * A street and house number opening a text ("Industriestraße 120", "Via Roma, 95", "2 Harbour
 * Road"), the number perhaps run into the postcode after it where a scan lost the separator
 * ("Keizersgracht 425640 DE Eindhoven").
 */
export const STREET_START =
  /^(?:[\p{L}'’.-]+,?\s){1,3}\d{1,4}(?:[a-z]\b|\b|\d{4,5}\b)|^\d{1,4}[a-z]?,?\s\p{L}{3,}/u;
