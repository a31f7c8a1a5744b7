/** Labels on the page and the values they announce: right of the label on its row, else under it. */
import type { FieldDefinition } from '@parser/contracts';
import type { Box } from '../document.js';
import { ALL_PHRASES, type LabelPhrase } from './concepts.js';
import { avgConf, ocrFactor, type Candidate, type DocContext, type LabelHit } from './context.js';
import {
  matchPhrase,
  matchPhraseInRow,
  segments,
  unionBox,
  type DocLayout,
  type Row,
  type Tok,
} from './layout.js';
import { isFormOnly } from './strategies/issuer-block.js';
import { isLabelLine } from './strategies/label-lines.js';
import { alternativeAmounts, parseTyped, type Typed } from './typed.js';

/** Where any of the phrases is printed as a label, skipping matches inside longer labels of other meanings. */
export function findLabels(layout: DocLayout, phrases: LabelPhrase[]): LabelHit[] {
  const own = new Set(phrases.map((p) => p.compact));
  // the field's own concept in other languages ("Totale" for "Total") never blocks its labels
  const concepts = new Set(phrases.map((p) => p.concept).filter((c) => c !== null));
  const blockers = ALL_PHRASES.filter(
    (p) => !own.has(p.compact) && !(p.concept !== null && concepts.has(p.concept)),
  );
  const hits: LabelHit[] = [];
  for (const row of layout.rows) {
    const rowHits: LabelHit[] = [];
    for (const phrase of phrases) {
      for (const m of matchPhraseInRow(row, phrase.compact)) {
        rowHits.push({ row, start: m.start, end: m.end, phrase, distance: m.distance });
      }
    }
    if (!rowHits.length) continue;
    // of two phrases matching the same words, the one printed exactly speaks for them
    rowHits.sort((a, b) => a.distance - b.distance);
    const blocks = blockers.flatMap((b) =>
      matchPhraseInRow(row, b.compact, b.compact.length >= 6).map((m) => ({
        ...m,
        len: b.compact.length,
      })),
    );
    // keep the longest own match per position; drop those inside longer blocker phrases. A longer
    // phrase read only roughly ("Invoice no Date" as "Invoice Date") does not hide a label
    // printed exactly inside it.
    for (const h of rowHits) {
      const len = h.phrase.compact.length;
      if (
        blocks.some(
          (b) => b.start <= h.start && b.end >= h.end && b.len > len && b.distance <= h.distance,
        )
      )
        continue;
      if (
        rowHits.some(
          (o) =>
            o !== h &&
            o.start <= h.start &&
            o.end >= h.end &&
            o.phrase.compact.length > len &&
            o.distance <= h.distance,
        )
      )
        continue;
      if (hits.some((o) => o.row === row && o.start === h.start && o.end === h.end)) continue;
      hits.push(h);
    }
  }
  return hits;
}

const STOP_STRING = /^(tel|phone|fax|date|gst|vat|tax|total|email|invoice|no|page)\b/i;

/** Values that a label announces: right of it on the same row, else under it. */
export const startsWithLabel = (toks: Tok[]): boolean =>
  toks.length > 0 &&
  ALL_PHRASES.some(
    (p) =>
      p.compact.length >= 3 &&
      matchPhrase(toks.slice(0, 4), p.compact, false).some((m) => m.start === 0),
  );

export function valuesFor(
  hit: LabelHit,
  field: FieldDefinition,
  ctx: DocContext,
  accept: (v: Typed) => boolean = () => true,
): Candidate[] {
  const out: Candidate[] = [];
  const { row } = hit;
  const labelToks = row.words.slice(hit.start, hit.end);
  const labelBox = unionBox(labelToks.map((t) => t.box));
  const labelQ = hit.distance === 0 ? 1 : 0.85;
  // a speck read as a quote mark or a period between the label and its value is no part of it
  let right = row.words.slice(hit.end);
  while (right.length > 1 && /^['‘’`".,|]+$/.test(right[0]!.text)) right = right.slice(1);
  // a label alone in its column, the next words far off in another column (a sidebar's label
  // above its value, beside the recipient's address): the value under the label comes first
  let farRight = false;
  // a string printed right beside the label is its value, accepted or not
  let beside = false;
  if (field.type === 'string') {
    // the string value runs to the next wide gap or the next label
    const segs = segments([...labelToks, ...right], row.height, 2.2);
    const first = segs[0] ?? [];
    right = first.length > labelToks.length ? first.slice(labelToks.length) : (segs[1] ?? []);
    const gap = (right[0]?.box[0] ?? labelBox[2]) - labelBox[2];
    farRight = first.length <= labelToks.length && gap > 6 * row.height;
    beside = first.length > labelToks.length;
    if (first.length <= labelToks.length && startsWithLabel(right)) right = [];
    const stop = right.findIndex((t, i) => i > 0 && /:$/.test(t.text) && STOP_STRING.test(t.text));
    if (stop > 0) right = right.slice(0, stop);
  }
  if (farRight) {
    const under = belowValue(hit, field, ctx, accept, labelBox, labelQ);
    if (under) return [under];
  }
  const r = parseTyped(right, field.type, ctx);
  if (r && r.toks.length && accept(r)) {
    const alts = typeof r.value === 'number' ? alternativeAmounts(r.toks, r.value, ctx) : undefined;
    out.push({
      value: r.value,
      box: unionBox(r.toks.map((t) => t.box)),
      page: row.page,
      confidence: labelQ * r.quality * ocrFactor(r.toks),
      order: row.index,
      hit,
      where: 'right',
      readConf: avgConf(r.toks),
      ...(alts?.length ? { alts } : {}),
    });
    return out;
  }
  // a label with words of its own beside it ("Vendeur: MARCO", a till's clerk) is not the label
  // of the row under it (the first item line)
  if (beside && r && r.toks.length) return out;
  const under = belowValue(hit, field, ctx, accept, labelBox, labelQ);
  if (under) out.push(under);
  return out;
}

/** The value under a label: the next rows within a few line heights, words under the label. */
function belowValue(
  hit: LabelHit,
  field: FieldDefinition,
  ctx: DocContext,
  accept: (v: Typed) => boolean,
  labelBox: Box,
  labelQ: number,
): Candidate | null {
  const { row } = hit;
  const rows = ctx.layout.rows;
  // labels side by side ("Supplier:   Customer:") head columns: the value under one ends where the
  // next label's column starts, even where the values under them read as one run of words
  const isLabelWord = (w: Tok) => /\p{L}{2,}:$/u.test(w.text);
  // where the cells of the label's row start; the next one after the label ends its column
  const cellStarts = segments(row.words, row.height, 1.5).map((seg) => seg[0]!.box[0]);
  const nextCellStart = cellStarts.find((x0) => x0 > labelBox[2]) ?? Infinity;
  // (a label of several words, "Billed To:", starts at its first word, not at the one with the colon)
  const nextLabel = row.words.find((w) => w.box[0] >= labelBox[2] && isLabelWord(w));
  const columnEnd = nextLabel ? Math.min(nextLabel.box[0], nextCellStart) : Infinity;
  const labelBefore = row.words.some((w) => w.box[2] <= labelBox[0] && isLabelWord(w));
  const columnStart = labelBefore ? labelBox[0] - (labelBox[3] - labelBox[1]) : -Infinity;
  for (let i = row.index + 1; i < rows.length && i <= row.index + 2; i++) {
    const next = rows[i];
    if (!next || next.page !== row.page) break;
    if (next.box[1] - row.box[3] > 2.5 * ctx.layout.unit) break;
    const width = labelBox[2] - labelBox[0];
    const near = segments(next.words, next.height, 1.5)
      .flatMap((seg) => splitAtCells(seg, cellStarts, 0.25 * row.height))
      .filter((seg) => {
        const b = unionBox(seg.map((t) => t.box));
        return (
          b[0] < labelBox[2] + width &&
          b[2] > labelBox[0] - 0.5 * width &&
          b[0] > labelBox[0] - 2 * width
        );
      });
    // of the values near it, the one under the label: a row of values under a row of labels
    // ("6 de mayo de 2025   13 de mayo de 2025" under "Fecha   Fecha de vencimiento") reaches into
    // the next label's column with its longer values
    const under = maxBy(near, (seg) => overlapWith(seg, labelBox));
    // column headers under the label (the item table's) end its column: no value is below them
    if (under && isLabelLine(under)) break;
    if (!under || startsWithLabel(under)) continue;
    const inColumn = under.filter((t) => t.box[0] < columnEnd && t.box[0] >= columnStart);
    // values printed flush left under a row of labels run on at a word's space into the next
    // column ("3 de fevereiro de 2024 10 de fevereiro de 2024"): the words from the label's left
    // edge to the next label's are its value, when they read as one
    const slack = 0.5 * row.height;
    const flushLeft = under.filter(
      (t) => t.box[0] >= labelBox[0] - slack && t.box[0] < nextCellStart - slack,
    );
    const aligned =
      flushLeft.length && flushLeft.length < under.length
        ? parseTyped(flushLeft, field.type, ctx)
        : null;
    const rb =
      aligned && aligned.toks.length && accept(aligned)
        ? aligned
        : parseTyped(inColumn.length ? inColumn : under, field.type, ctx);
    if (rb && rb.toks.length && accept(rb)) {
      const rest = field.type === 'string' ? wrappedLegalForm(rb.toks, next, ctx) : [];
      const toks = [...rb.toks, ...rest];
      return {
        value: rest.length ? [rb.value, ...rest.map((t) => t.text)].join(' ') : rb.value,
        box: unionBox(toks.map((t) => t.box)),
        page: next.page,
        confidence: labelQ * rb.quality * ocrFactor(rb.toks) * 0.85,
        order: next.index,
        hit,
        where: 'below',
        readConf: avgConf(rb.toks),
      };
    }
  }
  return null;
}

/**
 * A run of values split where a cell of the row of labels above starts in a gap between two of its
 * words: a skewed scan's row is tall, so values a narrow gap apart read as one run ("January 23,
 * 2026 4500511415" under "Due Date" and "PO Number"). A cell starting inside a word (a label
 * centred over a longer value) splits nothing.
 */
function splitAtCells(seg: Tok[], cellStarts: readonly number[], slack: number): Tok[][] {
  const pieces: Tok[][] = [[seg[0]!]];
  for (let i = 1; i < seg.length; i++) {
    const before = seg[i - 1]!.box[2];
    const start = seg[i]!.box[0];
    const cellBetween = cellStarts.some((c) => before <= c + slack && start >= c - slack);
    if (cellBetween) pieces.push([seg[i]!]);
    else pieces[pieces.length - 1]!.push(seg[i]!);
  }
  return pieces;
}

/**
 * A name under its label whose legal form wrapped onto the next line of its column
 * ("Papelaria Rodrigues, Unipessoal" / "Lda."): that line's words, else none.
 */
function wrappedLegalForm(name: Tok[], row: Row, ctx: DocContext): Tok[] {
  const below = ctx.layout.rows[row.index + 1];
  if (!below || below.page !== row.page || below.box[1] - row.box[3] > row.height) return [];
  const box = unionBox(name.map((t) => t.box));
  const piece = segments(below.words, below.height, 1.5).find(
    (seg) => Math.abs(seg[0]!.box[0] - box[0]) < below.height,
  );
  return piece && isFormOnly(piece.map((t) => t.text).join(' ')) ? piece : [];
}

/** How far a run of words lies across a box's columns, in pixels (negative: the gap between them). */
function overlapWith(seg: Tok[], box: Box): number {
  const b = unionBox(seg.map((t) => t.box));
  return Math.min(b[2], box[2]) - Math.max(b[0], box[0]);
}

/** The item scoring highest (the first of equals), or undefined for none. */
function maxBy<T>(items: T[], score: (item: T) => number): T | undefined {
  let best: T | undefined;
  let bestScore = -Infinity;
  for (const item of items) {
    const s = score(item);
    if (s > bestScore) [best, bestScore] = [item, s];
  }
  return best;
}

/** Confidences this close are a tie, which the better label, then the earlier value, breaks. */
const TIE = 0.05;

export const pickFirstBest = (cands: Candidate[]): Candidate | undefined =>
  [...cands].sort((a, b) => {
    if (Math.abs(a.confidence - b.confidence) > TIE) return b.confidence - a.confidence;
    const rank = (a.hit?.phrase.rank ?? 0) - (b.hit?.phrase.rank ?? 0);
    return rank || b.confidence - a.confidence || a.order - b.order;
  })[0];
