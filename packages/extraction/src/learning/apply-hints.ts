/**
 * A repeat vendor's document read with its hints first: each field is read where the vendor's
 * documents always had it (after the same label, or at the same spot) in the vendor's own format.
 * A value found there that the general rules also found gets high confidence; where they differ
 * the hint wins with less, but only where the document shows the evidence the reviewed documents
 * had there; otherwise, and where the hint finds nothing, the general value stands.
 */
import type { FieldDefinition, TableDefinition } from '@parser/contracts';
import { distance as editDistance } from 'fastest-levenshtein';
import type { Box, ExtractedValue, ExtractionResult, ReadDocument } from '../document.js';
import { contextOf, toValue, type Candidate, type DocContext } from '../extract/context.js';
import { compact, matchPhraseInRow, segments, unionBox, type Tok } from '../extract/layout.js';
import { extractTable } from '../extract/tables.js';
import { parseTyped } from '../extract/typed.js';
import { keepEInvoiceValues } from '../einvoice/map-to-schema.js';
import type { FieldHint, ValueEvidence, VendorHints } from './hint-types.js';
import { documentFormat } from './lesson.js';
import { relativeBox, sameValue } from './locate-value.js';
import { evidenceOf, showsSameEvidence, valueShape } from './value-evidence.js';

export interface HintSchema {
  fields: FieldDefinition[];
  tables: TableDefinition[];
}

/** Confidence of a value the hint and the general rules agree on, by the hint's strength. */
const AGREED = [0, 0.93, 0.96, 0.98];
/** Confidence of a hint's value the general rules read differently (or not at all). */
const HINT_ONLY = [0, 0.72, 0.86, 0.9];
/** The general rules' confidence shown green: a hint replaces no such value. */
const SURE = 0.8;

const distance = (a: Box, b: Box) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** The words of the value next to one place the label is printed. */
function besideLabel(
  labelToks: Tok[],
  rowIndex: number,
  hint: FieldHint,
  type: FieldDefinition['type'],
  ctx: DocContext,
): Tok[] {
  const rows = ctx.layout.rows;
  const row = rows[rowIndex];
  if (!row) return [];
  const label = unionBox(labelToks.map((t) => t.box));
  if (hint.place === 'right') {
    const after = row.words.filter((t) => t.box[0] >= label[2] - 0.5);
    // the label's own punctuation may stand apart from it ("FACTURE N°   :   F2018")
    while (after[0] && /^\p{P}+$/u.test(after[0].text)) after.shift();
    const columns = segments(after, row.height, 3);
    // a figure may stand one column further, after a currency code ("Gross GBP    7161,28")
    return (type === 'string' ? columns.slice(0, 1) : columns.slice(0, 2)).flat();
  }
  const below = rows[rowIndex + 1];
  if (!below || below.page !== row.page || below.box[1] - label[3] > 2.5 * ctx.layout.unit)
    return [];
  return (
    segments(below.words, below.height, 2).find((seg) =>
      seg.some((t) => t.box[0] < label[2] && t.box[2] > label[0]),
    ) ?? []
  );
}

/** The words at the spot the vendor prints a value that has no label. */
function atPlace(hint: FieldHint, ctx: DocContext): Tok[] {
  const page = ctx.layout.doc.pages.find((p) => p.number === hint.page);
  if (!page) return [];
  const [x0, y0, x1, y1] = hint.at;
  const [cy] = [(y0 + y1) / 2];
  let best: { toks: Tok[]; dy: number } | null = null;
  for (const row of ctx.layout.rows) {
    if (row.page !== page.number) continue;
    const rel = relativeBox(row.box, page);
    const dy = Math.abs((rel[1] + rel[3]) / 2 - cy);
    if (dy > 0.02) continue;
    const toks = row.words.filter((t) => {
      const [tx0, , tx1] = relativeBox(t.box, page);
      return tx1 > x0 - 0.02 && tx0 < x1 + 0.02;
    });
    if (toks.length && (!best || dy < best.dy)) best = { toks, dy };
  }
  return best?.toks ?? [];
}

/**
 * Of the words beside a label, the first run written the way the vendor writes the value: text
 * after a label may run on into the next value ("Nr. 47110815 vom 31.10.2018"), which the value's
 * learned shape ends. All the words when no run has the shape (or none was learned).
 */
function shapedRun(toks: Tok[], type: FieldDefinition['type'], hint: FieldHint): Tok[] {
  const shapes = hint.evidence?.shapes;
  if (type !== 'string' || !shapes?.length) return toks;
  for (let end = 1; end < toks.length; end++) {
    const run = toks.slice(0, end);
    if (shapes.includes(valueShape(run.map((t) => t.text).join(' '), type))) return run;
  }
  return toks;
}

/** A value a hint reads on this document, with the evidence it was found among. */
export interface HintReading {
  candidate: Candidate;
  evidence: ValueEvidence;
  /** The hint's label is printed once on this document (or the hint is a spot, not a label). */
  alone: boolean;
}

/**
 * The values the hint reads on this document, the likeliest place first, each read only when
 * asked for: the first that shows the evidence usually ends the search.
 */
function* readingsWithHint(
  field: FieldDefinition,
  hint: FieldHint,
  ctx: DocContext,
): Generator<HintReading> {
  const own: DocContext = {
    ...ctx,
    order: hint.dateOrder ?? ctx.order,
    mark: hint.decimalMark ?? ctx.mark,
  };
  const tries: { toks: Tok[]; closeness: number }[] = [];
  if (hint.place === 'page') tries.push({ toks: atPlace(hint, own), closeness: 0 });
  else {
    const phrase = compact(hint.label ?? '');
    for (const row of own.layout.rows) {
      const page = own.layout.doc.pages.find((p) => p.number === row.page);
      if (!page || !phrase) continue;
      for (const m of matchPhraseInRow(row, phrase, phrase.length >= 8)) {
        const labelToks = row.words.slice(m.start, m.end);
        const where = relativeBox(unionBox(labelToks.map((t) => t.box)), page);
        tries.push({
          toks: besideLabel(labelToks, row.index, hint, field.type, own),
          closeness: hint.labelAt ? distance(where, hint.labelAt) + m.distance : m.distance,
        });
      }
    }
  }
  tries.sort((a, b) => a.closeness - b.closeness);
  for (const { toks } of tries) {
    const typed = parseTyped(shapedRun(toks, field.type, hint), field.type, own);
    if (!typed || !typed.toks.length) continue;
    const first = typed.toks[0] as Tok;
    const row = own.layout.rows.find((r) => r.words.includes(first));
    if (!row) continue;
    yield {
      candidate: {
        value: typed.value,
        box: unionBox(typed.toks.map((t) => t.box)),
        page: row.page,
        confidence: 1,
        order: row.index,
        where: hint.place === 'page' ? 'fallback' : hint.place,
      },
      evidence: evidenceOf(row, typed.toks, field.type, own, hint.place === 'page'),
      alone: tries.length === 1,
    };
  }
}

/**
 * The value a hint gives a field on this document, or null when the engine's value stands as it
 * is. The hint confirms the engine's value, replaces it or fills a field the engine left empty
 * only where the document shows the evidence the reviewed documents had there: the same label
 * beside a value written the same way, or, for a value alone, the same shape among some of the
 * same words. A spot that lands on other evidence is not the vendor's place for the field, so it
 * does not even raise the confidence of a value it happens to share.
 */
export function readWithHint(
  field: FieldDefinition,
  hint: FieldHint,
  general: ExtractedValue | undefined,
  ctx: DocContext,
): HintReading | null {
  const read = general?.value ?? null;
  const learned = hint.evidence;
  // the likeliest place first; a hint kept from before evidence confirms the engine or fills
  for (const reading of readingsWithHint(field, hint, ctx)) {
    const shown = learned
      ? showsSameEvidence(learned, reading.evidence, hint.place === 'page')
      : read === null || sameValue(read, reading.candidate.value);
    if (shown) return reading;
  }
  return null;
}

/**
 * Whether a hint's reading may replace another value the general rules read surely: only a hint
 * that several reviewed documents agree on, at a label printed once. A label the vendor prints
 * more than once ("RM" before the total, the cash and the change) or a single reviewed document
 * whose label also stands by an unrounded sum shows the learned evidence beside the wrong figure.
 */
const overridesSure = (reading: HintReading, hint: FieldHint): boolean =>
  reading.alone && hint.strength >= 2;

/**
 * Two readings of one text that differ by a letter or two ("S/B" and "S/D", "STATIONERY" and
 * "STATONERY"): the same name read twice, not another value. The general reading, which had the
 * document's second readings and known words to repair it, stands.
 */
function sameTextReadTwice(a: ExtractedValue['value'], b: Candidate['value']): boolean {
  if (typeof a !== 'string' || typeof b !== 'string' || a === b) return false;
  const x = compact(a);
  const y = compact(b);
  return Math.min(x.length, y.length) >= 8 && editDistance(x, y) <= 2;
}

/** A field's value after its hint: the general one, confirmed, replaced or filled. */
function withHint(
  general: ExtractedValue | undefined,
  read: Candidate,
  strength: number,
): ExtractedValue {
  const level = Math.min(strength, AGREED.length - 1);
  const agreed = general !== undefined && sameValue(general.value, read.value);
  const value = toValue({
    ...read,
    confidence: agreed ? Math.max(general.confidence, AGREED[level] ?? 0) : (HINT_ONLY[level] ?? 0),
  });
  return {
    ...value,
    ...(general?.currency ? { currency: general.currency } : {}),
    learned: true,
  };
}

type Rows = Record<string, ExtractedValue>[];

const filledCells = (rows: Rows) =>
  rows.reduce((n, row) => n + Object.values(row).filter((v) => v.value !== null).length, 0);

/**
 * The rows where this vendor prints a labelled field (its subtotal, its total): a table ends
 * there, even when the label is a word the general rules do not know as the end of line items.
 */
function labelRows(
  hints: VendorHints,
  ctx: DocContext,
): { page: number; y0: number; y1: number }[] {
  const out: { page: number; y0: number; y1: number }[] = [];
  for (const readings of Object.values(hints.fields)) {
    const phrase = compact(readings[0]?.label ?? '');
    if (!phrase) continue;
    for (const row of ctx.layout.rows)
      if (matchPhraseInRow(row, phrase, false).length)
        out.push({ page: row.page, y0: row.box[1], y1: row.box[3] });
  }
  return out;
}

/** The rows of a table up to the first one printed on a row of a labelled field. */
function untilLabels(rows: Rows, stops: { page: number; y0: number; y1: number }[]): Rows {
  const at = rows.findIndex(
    (row, i) =>
      i > 0 &&
      Object.values(row).some((cell) => {
        if (!cell.source) return false;
        const { page, box } = cell.source;
        const cy = (box[1] + box[3]) / 2;
        return stops.some((s) => s.page === page && cy >= s.y0 && cy <= s.y1);
      }),
  );
  return at < 0 ? rows : rows.slice(0, at);
}

/** The tables read again with the headers the vendor prints as the columns' names. */
function tablesWithHints(
  schema: HintSchema,
  result: ExtractionResult,
  hints: VendorHints,
  ctx: DocContext,
): ExtractionResult['tables'] {
  const tables = { ...result.tables };
  const stops = labelRows(hints, ctx);
  for (const table of schema.tables) {
    const learned = new Set<string>();
    const columns = table.columns.map((column) => {
      const header = hints.columns[`${table.key}.${column.key}`]?.[0]?.header;
      if (!header || compact(header) === compact(column.label)) return column;
      learned.add(column.key);
      return { ...column, aliases: [header, ...(column.aliases ?? [])] };
    });
    const general = untilLabels(tables[table.key]?.rows ?? [], stops);
    const read = learned.size
      ? untilLabels(extractTable({ ...table, columns }, ctx).rows, stops)
      : general;
    if (!learned.size || filledCells(read) < filledCells(general)) {
      tables[table.key] = { rows: general };
      continue;
    }
    tables[table.key] = {
      rows: read.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([key, cell]) => [
            key,
            learned.has(key) && cell.value !== null ? { ...cell, learned: true } : cell,
          ]),
        ),
      ),
    };
  }
  return tables;
}

/** The general extraction with a vendor's hints applied; values a hint gave carry `learned`. */
export function applyHints(
  doc: ReadDocument,
  schema: HintSchema,
  result: ExtractionResult,
  hints: VendorHints,
): ExtractionResult {
  const ctx = contextOf(doc);
  // a vendor writes all its dates and amounts one way: what one field's hint knows holds for all
  const vendorFormat = documentFormat(
    Object.values(hints.fields).flatMap((readings) =>
      readings[0] ? Array<FieldHint>(readings[0].strength).fill(readings[0]) : [],
    ),
  );
  const fields = { ...result.fields };
  for (const field of schema.fields) {
    const found = hints.fields[field.key]?.[0];
    if (!found) continue;
    const hint: FieldHint = {
      ...found,
      dateOrder: found.dateOrder ?? vendorFormat.dateOrder,
      decimalMark: found.decimalMark ?? vendorFormat.decimalMark,
    };
    const general = fields[field.key];
    const reading = readWithHint(field, hint, general, ctx);
    if (!reading) continue;
    const read = reading.candidate;
    const replacesSure =
      general !== undefined && general.confidence >= SURE && !sameValue(general.value, read.value);
    if (replacesSure && !overridesSure(reading, hint)) continue;
    if (field.type === 'string' && general && sameTextReadTwice(general.value, read.value))
      continue;
    fields[field.key] = withHint(general, read, hint.strength);
  }
  // Values an e-invoice's XML gave are exact: no hint about where the page prints them replaces them.
  return keepEInvoiceValues(
    { fields, tables: tablesWithHints(schema, result, hints, ctx) },
    result,
  );
}
