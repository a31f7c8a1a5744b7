/**
 * The recipient's blocks ("Bill to", "Ship to", "Customer", "Rechnungsempfänger", "Facturer à"…):
 * where on the page the party the document is addressed to is printed. The issuer is never read
 * from inside one.
 */
import type { Box } from '../../document.js';
import type { DocContext } from '../context.js';
import { compact, matchPhraseInRow, segments, unionBox, type Tok } from '../layout.js';
import { recipientLabels } from '../locales/index.js';

export interface Region {
  page: number;
  box: Box;
}

const cache = new WeakMap<DocContext, Region[]>();

/** The regions the recipient blocks cover: the label's column, from its row down to the block's end. */
export function recipientRegions(ctx: DocContext): Region[] {
  const hit = cache.get(ctx);
  if (hit) return hit;
  const labels = recipientLabels(ctx.locales).map(compact);
  const rows = ctx.layout.rows;
  const unit = ctx.layout.unit;
  const regions: Region[] = [];
  for (const row of rows) {
    const pageW = ctx.layout.doc.pages.find((p) => p.number === row.page)?.width ?? 1000;
    for (const label of labels) {
      for (const m of matchPhraseInRow(row, label, false)) {
        const labelWords = row.words.slice(m.start, m.end);
        // a label ends its words with ':' or stands apart; "Customer service" in a sentence is no block
        const rest = row.words.slice(m.end);
        const next = rest[0];
        const last = labelWords[labelWords.length - 1];
        const apart =
          /:$/.test(last?.text ?? '') ||
          !next ||
          next.box[0] - (last?.box[2] ?? 0) > 1.2 * row.height ||
          /^:/.test(next.text);
        if (!apart) continue;
        const seg = segments(row.words, row.height, 3).find((s) =>
          s.includes(labelWords[0] as Tok),
        );
        const segBox = unionBox((seg ?? labelWords).map((w) => w.box));
        const x0 = segBox[0] - unit;
        const x1 = Math.max(segBox[2], segBox[0] + 0.42 * pageW);
        let bottom = row.box[3];
        for (let i = row.index + 1; i < rows.length && i <= row.index + 7; i++) {
          const below = rows[i];
          if (!below || below.page !== row.page || below.box[1] - bottom > 2 * unit) break;
          if (!below.words.some((w) => w.box[0] < x1 && w.box[2] > x0)) continue;
          bottom = below.box[3];
        }
        regions.push({ page: row.page, box: [x0, row.box[1] - 1, x1, bottom + 1] });
      }
    }
  }
  cache.set(ctx, regions);
  return regions;
}

/** Whether most of these words lie inside a recipient block. */
export function inRecipientBlock(words: Tok[], page: number, ctx: DocContext): boolean {
  if (!words.length) return false;
  const regions = recipientRegions(ctx).filter((r) => r.page === page);
  const inside = words.filter((w) => {
    const cx = (w.box[0] + w.box[2]) / 2;
    const cy = (w.box[1] + w.box[3]) / 2;
    return regions.some(
      (r) => cx >= r.box[0] && cx <= r.box[2] && cy >= r.box[1] && cy <= r.box[3],
    );
  });
  return inside.length * 2 > words.length;
}
