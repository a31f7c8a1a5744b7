/**
 * The customer an invoice is addressed to ("Bill to", "Kunde", "Facturé à"…): the name that opens
 * the block under or beside its label, joined over the lines a narrow column wraps it onto and
 * ended at its legal form; without a label, the first postal block at the top of the page that is
 * not the issuer's (the address in an envelope window).
 */
import type { FieldDefinition } from '@parser/contracts';
import { phrasesFor } from '../concepts.js';
import {
  avgConf,
  leastGlyphOf,
  letters,
  minConf,
  ocrFactor,
  type Candidate,
  type DocContext,
  type LabelHit,
} from '../context.js';
import { findLabels } from '../labels.js';
import { compact, matchPhrase, segments, unionBox, type Row, type Tok } from '../layout.js';
import { recipientLabels } from '../locales/index.js';
import { ADDRESS_WORD, looksAddress, normaliseCompany } from './company-name.js';
import { CAPITALS_FORM, NAME_END, isFormOnly } from './issuer-block.js';
import { endAtLegalForm, STREET_START } from './name-end.js';
import { vendorFallback } from './parties.js';

/** A word that makes a customer label name a number ("Customer No.", "Código de cliente"). */
const ID_WORD =
  /^(n\.?[°ºo#]?\.?|no\.?|nr\.?|number|nummer|numero|número|num\.?|id|code|código|codice|ref\.?|#|account)[:.]?$/i;

/** A label of its own ("Datum:", "Ordernummer") standing in a column under another label. */
const LABEL_WORD = /\p{L}{2,}:$/u;

/** A postcode with its town, or a house number with its street: a line of an address. */
const POSTAL =
  /\b\d{4,5}\b|\b[A-Z]{1,2}\d{1,2}[A-Z]?\s\d[A-Z]{2}\b|\b\d{4}-\d{3}\b|\b\d{5}-\d{3}\b/;

const isAddressLine = (text: string): boolean =>
  looksAddress(text) || STREET_START.test(text) || POSTAL.test(text);

/** A value made of figures and codes ("946480", "K4468", "INV-59435") names nobody. */
const isIdLike = (text: string): boolean =>
  letters(text) < 3 || (text.replace(/[^0-9]/g, '').length >= 3 && !/\s/.test(text.trim()));

/** Whether the name has its legal form already (the lines after it are the address). */
const hasLegalForm = (text: string): boolean =>
  !normaliseCompany(text).matchAll(NAME_END).next().done || CAPITALS_FORM.test(text.trim());

/** A line opening with a street word ("Avenida da Liberdade,") is the address, figures or not. */
const opensStreet = (text: string): boolean => ADDRESS_WORD.test(text.split(/\s+/)[0] ?? '');

/** The words of a row that lie in a column [x0, x1). */
const inColumn = (row: Row, x0: number, x1: number): Tok[] =>
  row.words.filter((w) => w.box[0] >= x0 && w.box[0] < x1);

/** A label printed to name a customer number or id rather than the customer. */
function namesAnId(hit: LabelHit): boolean {
  const words = hit.row.words;
  // the word after the label counts when it belongs to it, not to the next column ("Cliente
  // Ref. encomenda PO-48891")
  const last = words[hit.end - 1];
  const after = words[hit.end];
  const close = after && last && after.box[0] - last.box[2] <= 1.2 * hit.row.height;
  const around = [...words.slice(Math.max(0, hit.start - 2), hit.start), close ? after : undefined];
  return around.some((w) => w !== undefined && ID_WORD.test(w.text));
}

/** Whether words open with one of the recipient blocks' labels ("Adresse de livraison"). */
const opensBlockLabel = (words: Tok[], ctx: DocContext): boolean =>
  recipientLabels(ctx.locales).some(
    (label) => matchPhrase(words, compact(label), false)[0]?.start === 0,
  );

/**
 * Whether the label stands as a label: it ends with ':', nothing follows it closely, or the next
 * block's label follows it.
 */
function standsApart(hit: LabelHit, ctx: DocContext): boolean {
  const last = hit.row.words[hit.end - 1];
  const next = hit.row.words[hit.end];
  return (
    /:$/.test(last?.text ?? '') ||
    !next ||
    /^:/.test(next.text) ||
    next.box[0] - (last?.box[2] ?? 0) > 1.2 * hit.row.height ||
    opensBlockLabel(hit.row.words.slice(hit.end), ctx)
  );
}

/**
 * The lines of a name: the first, and those a narrow column wrapped it onto ("Van Leeuwen" /
 * "Metaalbewerking BV", "Imprimerie Chevalier" / "SA", "… S.A." / "de C.V.") until its legal form;
 * a line with a figure is the address.
 */
function nameLines(lines: Tok[][]): Tok[][] {
  const first = lines[0];
  if (!first) return [];
  const taken = [first];
  const textOf = () => taken.flatMap((l) => l.map((w) => w.text)).join(' ');
  for (const line of lines.slice(1, 3)) {
    const text = line.map((w) => w.text).join(' ');
    // a wrapped name's rest: a few words, or more when they end with the legal form ("Navarro S.A.
    // de C.V."); never figures or a label
    const short =
      (line.length <= 3 || (line.length <= 6 && hasLegalForm(text))) &&
      !/\d/.test(text) &&
      !LABEL_WORD.test(text);
    const name = textOf();
    // a line that is only a legal form finishes the name ("Pty." / "Ltd.")
    const formOnly = isFormOnly(text);
    const open = !hasLegalForm(name) || /,$/.test(name) || /^(de|&|y|e)\s/i.test(text) || formOnly;
    if (!short || !open || isAddressLine(text) || (opensStreet(text) && !formOnly)) break;
    taken.push(line);
  }
  return taken;
}

/** The name the lines give, or null when they read as an id or an address. */
function candidateOf(
  lines: Tok[][],
  at: { page: number; order: number },
  confidence: number,
  hit?: LabelHit,
): Candidate | null {
  const toks = lines.flat();
  const text = endAtLegalForm(normaliseCompany(toks.map((w) => w.text).join(' ')))
    .replace(/[\s,;:]+$/, '')
    .trim();
  if (!toks.length || isIdLike(text) || isAddressLine(text)) return null;
  return {
    value: text,
    box: unionBox(toks.map((w) => w.box)),
    page: at.page,
    confidence: confidence * ocrFactor(toks),
    order: at.order,
    ...(hit ? { hit } : {}),
    where: hit ? 'below' : 'fallback',
    readConf: avgConf(toks),
    minReadConf: minConf(toks),
    ...leastGlyphOf(toks),
  };
}

/** The customer's name in the block its label heads. */
function labelledName(hit: LabelHit, ctx: DocContext): Candidate | null {
  const { row } = hit;
  const labelWords = row.words.slice(hit.start, hit.end);
  // (a scan's boxes stray a little: the name may start a glyph or two left of its label)
  const x0 = (labelWords[0]?.box[0] ?? 0) - 2 * row.height;
  // a name beside the label runs on from it ("Bill to: Acme Ltd"); a run of words further off is
  // the next column's ("Adresse de facturation      Adresse de livraison"), which ends this one
  const [own, next] = segments(row.words.slice(hit.start), row.height, 3);
  // a block is at most about half the page wide: a label alone on its row heads a column, not
  // the rows of the block printed beside it at other heights
  const pageWidth = ctx.layout.doc.pages.find((p) => p.number === row.page)?.width ?? 1000;
  const labelEnd = labelWords.at(-1)?.box[2] ?? x0;
  // the next block's label on the row: a word ending with ':' or a recipient block's label
  // ("Adresse de facturation Adresse de livraison" printed close together)
  const after = row.words.slice(hit.end);
  const nextLabel = after.find(
    (w, i) => LABEL_WORD.test(w.text) || opensBlockLabel(after.slice(i), ctx),
  );
  const x1 = Math.min(
    next?.[0] ? next[0].box[0] - 0.5 * row.height : Infinity,
    nextLabel ? nextLabel.box[0] - 0.5 * row.height : Infinity,
    Math.max(labelEnd, x0 + 0.45 * pageWidth),
  );
  const beside = (own ?? [])
    .slice(hit.end - hit.start)
    .filter((w) => !/^:$/.test(w.text) && w.box[0] < x1);
  const lines: Tok[][] = [];
  const besideLabel = beside.findIndex((w) => LABEL_WORD.test(w.text));
  const named = besideLabel < 0 ? beside : beside.slice(0, besideLabel);
  if (named.length) lines.push(named);
  let bottom = row.box[3];
  for (let i = row.index + 1; i < ctx.layout.rows.length && lines.length < 4; i++) {
    const below = ctx.layout.rows[i]!;
    if (below.page !== row.page || below.box[1] - bottom > 2.5 * ctx.layout.unit) break;
    const words = inColumn(below, x0, x1);
    if (!words.length) continue;
    bottom = below.box[3];
    // the block under the label: its first run of words (a label of the next column ends it)
    const line = segments(words, below.height, 3)[0] ?? [];
    // another block's label ("Faturar a:", "Ship to") opens another block
    if (opensBlockLabel(line, ctx)) break;
    const stop = line.findIndex((w) => LABEL_WORD.test(w.text));
    const kept = stop < 0 ? line : line.slice(0, stop);
    if (!kept.length) {
      if (lines.length) break;
      continue;
    }
    lines.push(kept);
  }
  return candidateOf(nameLines(lines), { page: row.page, order: row.index }, 0.8, hit);
}

/**
 * Without a label: the first block at the top of the first page whose name line is followed by an
 * address line, other than the issuer's name and the lines under it.
 */
function windowName(ctx: DocContext): Candidate | null {
  const vendor = vendorFallback(ctx);
  const vendorName = String(vendor?.cand.value ?? '').toLowerCase();
  const rows = ctx.layout.rows.filter((r) => r.page === (ctx.layout.rows[0]?.page ?? 1));
  const pageH = ctx.layout.doc.pages[0]?.height ?? 1000;
  for (const [i, row] of rows.entries()) {
    if (row.box[1] > pageH * 0.5) break;
    for (const piece of segments(row.words, row.height, 3)) {
      const text = piece.map((w) => w.text).join(' ');
      // the issuer's own name, a return-address line, a label or a line of figures
      if (vendorName && normaliseCompany(text).toLowerCase().startsWith(vendorName)) continue;
      if (/[·•|]/.test(text) || LABEL_WORD.test(text) || /\d/.test(text) || letters(text) < 4)
        continue;
      if (!hasLegalForm(text)) continue;
      const x0 = piece[0]!.box[0] - row.height;
      const x1 = piece[piece.length - 1]!.box[2] + 4 * row.height;
      const next = rows[i + 1];
      const under = next ? inColumn(next, x0, x1) : [];
      if (!under.length || !isAddressLine(under.map((w) => w.text).join(' '))) continue;
      const cand = candidateOf([piece], { page: row.page, order: row.index }, 0.55);
      if (cand) return cand;
    }
  }
  return null;
}

/** The customer (bill-to party) of an invoice. */
export function customerName(field: FieldDefinition, ctx: DocContext): Candidate | null {
  // a customer label read roughly is another label as often ("Invoice no" for "Invoice to")
  const hits = findLabels(ctx.layout, phrasesFor(field, ctx.locales)).filter(
    (h) => h.distance === 0 && standsApart(h, ctx) && !namesAnId(h),
  );
  for (const hit of hits) {
    const found = labelledName(hit, ctx);
    if (found) return found;
  }
  return windowName(ctx);
}
