/**
 * Who issued a document, as far as the document itself shows: the issuer's tax or VAT ids, its
 * IBANs and its name. Recognising a repeat vendor needs nothing else, so it works offline.
 */
import type { FieldDefinition } from '@parser/contracts';
import type { ReadDocument } from '../document.js';
import { conceptOf } from '../extract/concepts.js';
import { contextOf, type DocContext } from '../extract/context.js';
import { inRecipientBlock } from '../extract/strategies/recipient-blocks.js';
import { vendorFallback } from '../extract/strategies/parties.js';

/** The identifying keys of a vendor: `tax:…`, `iban:…` and `name:…`. */
export interface VendorFingerprint {
  keys: string[];
  /** The vendor's name as printed, for people (Settings lists vendors by it). */
  name: string | null;
}

/** Words that introduce a tax or company registration id in the languages documents come in. */
const TAX_LABEL =
  /\b(vat|tax|tin|ust|uid|tva|iva|btw|gst|abn|ein|nif|cif|nip|mwst|steuer\w*|p\.?\s?iva|siret|siren|kvk)\b/i;
/** An EU-style VAT id: country code then 8–12 letters and digits, mostly digits. */
const EU_VAT = /^[A-Z]{2}[0-9A-Z]{8,12}$/;
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/g;
/** Legal forms are left out of a name key: "Acme GmbH" and "ACME GMBH." are the same vendor. */
const LEGAL_FORM =
  /\b(gmbh|ag|kg|ltd|limited|llc|inc|corp|co|plc|sarl|sas|sa|srl|spa|bv|nv|oy|ab|as|aps|sdn|bhd|pty|pte|e\.?k)\b\.?/g;

/** An IBAN is real when its check digits agree (ISO 13616, mod 97). */
function validIban(iban: string): boolean {
  if (iban.length < 15 || iban.length > 34) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const code = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of code) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

/** A vendor name as a key: lower case, no legal form, no punctuation. */
export function nameKey(name: string): string | null {
  const key = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    // "B.V." and "S.A." are the forms "bv" and "sa"
    .replace(/\b([a-z])\.(?=[a-z]\b)/g, '$1')
    .replace(LEGAL_FORM, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return key.length >= 3 ? `name:${key}` : null;
}

/** The ids printed outside the recipient's blocks (the buyer's own VAT id is no vendor's). */
function issuerIds(ctx: DocContext): string[] {
  const keys: string[] = [];
  for (const row of ctx.layout.rows) {
    if (inRecipientBlock(row.words, row.page, ctx)) continue;
    for (const match of row.text.toUpperCase().matchAll(IBAN)) {
      const iban = match[0].replace(/ /g, '');
      if (validIban(iban)) keys.push(`iban:${iban}`);
    }
    const taxRow = TAX_LABEL.test(row.text);
    for (const word of row.words) {
      // a date beside the id ("VAT ID DE1234 Doc date 02/09/2024") changes on every document
      if (/^\d{1,4}[./-]\d{1,2}[./-]\d{2,4}$/.test(word.text)) continue;
      const id = word.text.toUpperCase().replace(/[^0-9A-Z]/g, '');
      const digits = id.replace(/\D/g, '').length;
      if (keys.includes(`iban:${id}`) || id.length > 14) continue;
      if ((EU_VAT.test(id) && digits >= 7) || (taxRow && digits >= 8 && digits >= id.length - 3))
        keys.push(`tax:${id}`);
    }
  }
  return keys;
}

/**
 * The fingerprint of a document's issuer. `vendorName` is the name a reviewer confirmed or the
 * engine read for the type's vendor field, used besides the letterhead the engine finds itself.
 */
export function vendorFingerprint(
  doc: ReadDocument,
  vendorName: string | null = null,
): VendorFingerprint {
  const ctx = contextOf(doc);
  const letterhead = vendorFallback(ctx)?.cand.value;
  const printed = typeof letterhead === 'string' ? letterhead : null;
  const keys = new Set(issuerIds(ctx));
  for (const name of [vendorName, printed]) {
    const key = name ? nameKey(name) : null;
    if (key) keys.add(key);
  }
  return { keys: [...keys], name: vendorName ?? printed };
}

/** A vendor already learned: its id and its keys. */
export interface KnownVendor {
  id: string;
  keys: readonly string[];
}

const weightOf = (key: string): number => (key.startsWith('name:') ? 2 : 3);

/**
 * Which known vendor a fingerprint belongs to, or null. A key two vendors share (the company's own
 * VAT id printed on every invoice it receives) identifies neither; a name that differs from every
 * name the vendor had counts against it; a tie is no answer.
 */
export function identifyVendor(
  fingerprint: Pick<VendorFingerprint, 'keys'>,
  known: readonly KnownVendor[],
): string | null {
  const owners = new Map<string, number>();
  for (const vendor of known)
    for (const key of new Set(vendor.keys)) owners.set(key, (owners.get(key) ?? 0) + 1);
  const ownNames = fingerprint.keys.filter((k) => k.startsWith('name:'));
  const ownIds = fingerprint.keys.filter((k) => !k.startsWith('name:'));
  let best: { id: string; score: number } | null = null;
  let tie = false;
  for (const vendor of known) {
    let score = 0;
    for (const key of fingerprint.keys)
      if (vendor.keys.includes(key) && owners.get(key) === 1) score += weightOf(key);
    const names = vendor.keys.filter((k) => k.startsWith('name:'));
    if (ownNames.length && names.length && !ownNames.some((n) => names.includes(n))) score -= 3;
    // a namesake with other tax ids and bank accounts is another company
    const ids = vendor.keys.filter((k) => !k.startsWith('name:'));
    if (ownIds.length && ids.length && !ownIds.some((k) => ids.includes(k))) score -= 3;
    if (score < 2) continue;
    if (!best || score > best.score) {
      best = { id: vendor.id, score };
      tie = false;
    } else if (score === best.score) tie = true;
  }
  return best && !tie ? best.id : null;
}

/** The key of the type's field that holds the issuer's name (vendor, supplier, merchant), if any. */
export function vendorFieldKey(fields: readonly Pick<FieldDefinition, 'key' | 'label'>[]) {
  return fields.find((f) => conceptOf(f)?.id === 'vendor')?.key ?? null;
}
