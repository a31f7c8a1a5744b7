/**
 * The issuer's own block: a company name with its legal form, with the details only the issuer
 * prints of itself under it or beside it — VAT or tax id, IBAN and bank codes, phone, mail or web
 * address. Wherever the page prints it (letterhead, a sidebar, a "From" block, the footer), it
 * names the party that issued the document; a recipient's block, even one with a VAT id, is
 * never read as one.
 */
import type { DocContext } from '../context.js';
import { segments, type Row, type Tok } from '../layout.js';
import { readingLines, slopeOfPage } from '../tables/slant.js';
import { GSTLINE, PHONE, STRONG_SUFFIX, normaliseCompany } from './company-name.js';
import { isLabelLine } from './label-lines.js';
import { inRecipientBlock } from './recipient-blocks.js';

/**
 * Legal forms a name ends with: the long list, and the short forms of Europe that the long list
 * leaves out because alone on a receipt line they read as words ("BV", "NV", "AG", "SA", "SAS",
 * "DAC"), and the Italian partnership's "S.n.c.".
 */
export const NAME_END = new RegExp(
  `${STRONG_SUFFIX.source}|\\b(bv|nv|ag|sa|sas|sasu|dac|oy|de\\s?c\\.\\s?v|e\\.\\s?u|s\\.?\\s?de\\s?r\\.?\\s?l|s\\.n\\.c)\\b\\.?`,
  'gi',
);

/**
 * Brazilian forms printed in capitals after the name ("… ME", "… EPP", "… EIRELI"): as words they
 * are too common for the list every name is cut at, so they count only where a name ends.
 */
export const CAPITALS_FORM = /\s(?:ME|EPP|EIRELI)\.?$/;

/**
 * A word that opens a sender's block, not part of the name: "Absender", or a short one with its
 * colon ("From:", "Van:" — without it, "Van" opens a name such as "Van Dijk").
 */
const SENDER_LABEL =
  /^(from|van|von|de|da):$|^(absender|expéditeur|expediteur|emisor|remetente|mittente|sender|seller|vendor|verkäufer|verkaufer|vendeur|venditore|vendedor|leverancier|verkoper|fornitore|fournisseur|proveedor|fornecedor):?$/i;

/** A bank named in the payment details ("Deutsche Bank AG", "Banco Santander S.A.") is no issuer. */
const BANK = /\b(bank|banque|banca|banco|sparkasse|bankverbindung|crédit|credit|caixa|caisse)\b/i;

/** A line of the issuer's own details: tax ids, bank account, phone, mail or web address. */
const isDetail = (text: string): boolean =>
  GSTLINE.test(text) ||
  PHONE.test(text) ||
  /@|www\.|\b(iban|bic|abn|vat|mwst|ust|iva|contribuinte)\b/i.test(text) ||
  // a European VAT number ("IE6388047V", "DE180249219")
  /\b[A-Z]{2}[0-9][0-9A-Z]{7,11}\b/.test(text);

export interface IssuerName {
  name: string;
  words: Tok[];
  page: number;
  rowIndex: number;
}

export const isSenderLabel = (w: Tok): boolean => SENDER_LABEL.test(w.text);

/** A line's words without the sender label that opens them ("Absender", "From:"). */
export function withoutSenderLabel(words: Tok[]): Tok[] {
  let start = 0;
  while (start < words.length - 1 && isSenderLabel(words[start]!)) start++;
  return words.slice(start);
}

/** The name a piece of a line gives: its words up to the legal form, without a sender label. */
function nameOf(words: Tok[]): { words: Tok[]; text: string } | null {
  const rest = withoutSenderLabel(words);
  // "S.A." with its S read as a 5 ("Papelaria Oliveira 5.A.")
  const text = rest
    .map((w) => w.text)
    .join(' ')
    .replace(/(?<=\s)5\.A\b/g, 'S.A');
  if (BANK.test(text) || /[:@]/.test(text) || /\d/.test(text.split(/\s+/)[0] ?? '')) return null;
  // the name ends with its legal form, or with the last of forms printed one after the other
  // ("Westmoor Trading DAC", "… GmbH & Co. KG")
  let end = -1;
  for (const form of normaliseCompany(text).matchAll(NAME_END)) {
    const at = form.index ?? 0;
    if (end >= 0 && text.slice(end, at).replace(/[.\s]/g, '')) break;
    end = at + form[0].length;
  }
  // a Brazilian form in capitals closing the piece ("Gráfica Martins ME")
  if (end < 0 && CAPITALS_FORM.test(text.trim())) end = text.trim().length;
  if (end < 0) return null;
  if (text[end] === '.') end++;
  // a partnership goes on after its partner's form ("GmbH & Co. KG")
  end += /^\s*&\s*Co\.?(\s*(KG|OHG)\b)?/i.exec(text.slice(end))?.[0].length ?? 0;
  // the words up to the legal form's end
  let length = 0;
  const named: Tok[] = [];
  for (const w of rest) {
    if (length >= end) break;
    named.push(w);
    length += w.text.length + 1;
  }
  // a row of column labels ending in a form-like word ("Qty  Price  Amt Inc") is no name
  if (named.length < 2 || isLabelLine(named)) return null;
  return { words: named, text: text.slice(0, end).trim() };
}

/**
 * Whether a name (its words, on row `index`) carries the issuer's details: on the same row after
 * it, or in the lines right under it in its column.
 */
export function hasDetails(named: Tok[], index: number, ctx: DocContext): boolean {
  const rows = ctx.layout.rows;
  const row = rows[index];
  if (!row || !named.length) return false;
  const x0 = Math.min(...named.map((w) => w.box[0]));
  const x1 = Math.max(...named.map((w) => w.box[2]));
  const beside = row.words.filter((w) => !named.includes(w) && w.box[0] >= x0);
  // rows of a column beside it interleave with the block's own: the distance down bounds it
  const under = rows
    .slice(index + 1, index + 9)
    .filter((r) => r.page === row.page && r.box[1] - row.box[3] < 6 * ctx.layout.unit)
    .flatMap((r) =>
      segments(r.words, r.height, 3).filter(
        (p) => p[0]!.box[0] < x1 + 2 * row.height && p[p.length - 1]!.box[2] > x0,
      ),
    );
  return [beside, ...under].some((p) => p.length && isDetail(p.map((w) => w.text).join(' ')));
}

/**
 * A line that is only a legal form ("V.O.F.", "Lda.", "Pty Ltd", "Co.", "C.V."): the end of a
 * wrapped name. ("Co." and "C.V." end no name where they stand among other words, so only alone
 * are they a form.)
 */
export const isFormOnly = (text: string): boolean =>
  /^\s*(co|corp|c\.\s?v)\.?\s*$/i.test(text) ||
  normaliseCompany(text)
    .replace(NAME_END, '')
    .replace(/[\s.,]/g, '') === '';

/**
 * The name's first line when `line` holds only its legal form: the piece of the row right above
 * that shares its column ("De Groene Kantoorartikelen" / "V.O.F.", "Construções Ferreira,
 * Unipessoal" / "Lda." printed flush right), or nothing.
 */
function wrappedNameStart(line: Tok[], row: Row, ctx: DocContext): Tok[] {
  if (!isFormOnly(line.map((w) => w.text).join(' '))) return [];
  const x0 = Math.min(...line.map((w) => w.box[0]));
  const x1 = Math.max(...line.map((w) => w.box[2]));
  // the rows above it reach up to the line over it in its column (another column's row may sit
  // between them, as a "Cliente" label beside a name printed flush right)
  for (let i = row.index - 1; i >= Math.max(0, row.index - 3); i--) {
    const above = ctx.layout.rows[i]!;
    if (above.page !== row.page || row.box[1] - above.box[3] > row.height) break;
    const piece = segments(above.words, above.height, 3).find(
      (p) => p[0]!.box[0] <= x1 && p[p.length - 1]!.box[2] >= x0,
    );
    if (piece) return isDetail(piece.map((w) => w.text).join(' ')) ? [] : piece;
  }
  return [];
}

/** The first block in the document that names its company and carries the issuer's details. */
export function issuerBlock(ctx: DocContext): IssuerName | null {
  for (const row of ctx.layout.rows) {
    const slope = slopeOfPage(ctx, row.page);
    for (const piece of segments(row.words, row.height, 3)) {
      if (inRecipientBlock(piece, row.page, ctx)) continue;
      // a slanted scan reads two lines of a small footer as one row: the name is on the first
      const read = readingLines(piece, slope)[0] ?? piece;
      const line = [...wrappedNameStart(read, row, ctx), ...read];
      const found = nameOf(line);
      if (!found || !hasDetails(found.words, row.index, ctx)) continue;
      return {
        name: normaliseCompany(found.text),
        words: found.words,
        page: row.page,
        rowIndex: row.index,
      };
    }
  }
  return null;
}
