/** The issuer's address: the lines under its name, up to the first phone, tax id, date or label line. */
import { repairAddressWords } from '../address-words.js';
import { avgConf, letters, ocrFactor, type Candidate, type DocContext } from '../context.js';
import { unionBox, type Row } from '../layout.js';
import { findDates } from '../parse.js';
import { ADDRESS_WORD, GSTLINE, NOT_VENDOR, PHONE, REG_NO, fixOcrLetters } from './company-name.js';
import { vendorFallback } from './parties.js';

/** The address: the lines after the vendor up to the first phone/GST/date/label line, joined with ' '. */
export function addressFallback(ctx: DocContext): Candidate | null {
  const v = vendorFallback(ctx);
  if (!v) return null;
  const rows = ctx.layout.rows;
  const picked: Row[] = [];
  for (let i = v.rowIndex + 1; i < rows.length && picked.length < 5; i++) {
    const row = rows[i];
    if (!row || row.page !== v.cand.page) break;
    const text = row.text.trim();
    const stop =
      PHONE.test(text) ||
      GSTLINE.test(text) ||
      findDates(text, ctx.order).length > 0 ||
      /^[a-z .#/]{2,20}:/i.test(text) ||
      NOT_VENDOR.test(text.replace(/[^a-z ]/gi, '').trim()) ||
      /invoice|receipt|cashier|counter|table|member|guest|\bserver\b|\bpax\b/i.test(text) ||
      /@|www\.|http/i.test(text);
    const skippable = REG_NO.test(text) || avgConf(row.words) < 0.45 || letters(text) < 2;
    if (!picked.length) {
      const idLine = GSTLINE.test(text) || PHONE.test(text) || /\breg\b/i.test(text);
      if (skippable || idLine || (stop && !ADDRESS_WORD.test(text))) {
        if (i - v.rowIndex > 3) break;
        continue;
      }
      if (!ADDRESS_WORD.test(text) && !/\d/.test(text)) {
        if (i - v.rowIndex > 2) break;
        continue;
      }
    } else if (stop || skippable) break;
    if (picked.length) {
      const prev = picked[picked.length - 1];
      if (prev && row.box[1] - prev.box[3] > 2 * ctx.layout.unit) break;
    }
    picked.push(row);
  }
  if (!picked.length) return null;
  const text = repairAddressWords(
    fixOcrLetters(
      picked
        .map((r) => r.text.replace(/^[|\s"'‘“]+|[|\s:—-]+$/g, '').trim())
        .join(' ')
        .replace(/\s+/g, ' '),
    ),
    ctx.locales,
  )
    // quote marks are specks between words here; an O read as Q before a house number ("NQ.6")
    .replace(/[‘’“”"`]/g, '')
    .replace(/\bNQ(?=\.?\s?\d)/g, 'NO')
    .replace(/^_+|_+$/g, '')
    .trim();
  const toks = picked.flatMap((r) => r.words);
  return {
    value: text,
    box: unionBox(picked.map((r) => r.box)),
    page: v.cand.page,
    confidence: 0.65 * ocrFactor(toks),
    order: picked[0]?.index ?? 0,
    where: 'fallback',
  };
}
