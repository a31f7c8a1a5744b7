/**
 * Any field by what it means: the page's labels are scored against the field through the lexicon,
 * and the best ones give the value of the field's type where labels put values: right of the
 * label (after a colon, at a tab or flush right), under it (a box, a band of values under a band
 * of labels, a party's block), or before it in a letter's sentence ("We confirm 12 May 2024 as
 * the delivery date"). A field the page does not label stays empty; a weak or contested label
 * match is never shown green.
 */
import type { Box } from '../../document.js';
import { avgConf, ocrFactor, type Candidate, type DocContext } from '../context.js';
import { segments, unionBox, type Row, type Tok } from '../layout.js';
import { labelScore, type FieldMeaning, type LabelScore } from '../lexicon/label-match.js';
import { pageLabels, type PageLabel } from '../lexicon/page-labels.js';
import { titleTags } from '../lexicon/title.js';
import { findDates } from '../parse.js';
import { parseTyped } from '../typed.js';

/** Labels scoring below this do not answer the field at all. */
const LEAST_SCORE = 0.5;
/** Labels scoring this well (every qualifier matched, nothing else named) may show green. */
const SURE_SCORE = 0.9;

type Where = 'right' | 'below' | 'before';

interface Found {
  value: string | number | boolean;
  toks: Tok[];
  quality: number;
  where: Where;
}

interface Scored {
  label: PageLabel;
  match: LabelScore;
}

const boxOf = (toks: Tok[]): Box => unionBox(toks.map((t) => t.box));

/** The labels of a row that start after a word index, in order. */
const labelsAfter = (labels: PageLabel[], row: Row, index: number): PageLabel[] =>
  labels.filter((l) => l.row === row && l.start >= index).sort((a, b) => a.start - b.start);

/** An identifier is asked for: a number or code, not a name. */
const wantsId = (meaning: FieldMeaning): boolean =>
  meaning.type === 'string' &&
  (meaning.tags.has('iban') ||
    meaning.tags.has('bic') ||
    (meaning.tags.has('id') && !meaning.tags.has('name')));

/** A run of words read as an identifier: figures and capitals, grouped ("DE12 3456 …") or joined by marks. */
function identifier(toks: Tok[]): { value: string; toks: Tok[] } | null {
  const start = toks.findIndex((t) => /\d/.test(t.text) || /^[A-Z]{2,}[-/]?$/.test(t.text));
  if (start < 0) return null;
  const taken: Tok[] = [];
  for (const t of toks.slice(start)) {
    const prev = taken[taken.length - 1];
    if (prev && t.box[0] - prev.box[2] > 1.2 * (t.box[3] - t.box[1])) break;
    if (!/^[A-Z0-9][A-Z0-9\-/.]*$/i.test(t.text.replace(/[.,;:]$/, ''))) break;
    // a word of letters after the figures is text again ("4500 Quotation")
    if (taken.length && /^[A-Za-z]{3,}$/.test(t.text) && !/^[A-Z0-9]+$/.test(t.text)) break;
    taken.push(t);
  }
  const value = taken
    .map((t) => t.text)
    .join(' ')
    .replace(/[.,;:]$/, '');
  return taken.length && /\d/.test(value) && value.length <= 40 ? { value, toks: taken } : null;
}

const TICKED = /^\[?[xX✓✔☑☒]\]?$/;

/** A tick box or a yes/no word: "[X] Yes [ ] No" says yes. */
function yesNo(toks: Tok[]): { value: boolean; toks: Tok[] } | null {
  const yes = /^(yes|ja|oui|si|sí|sim|true)$/i;
  const no = /^(no|nein|non|nee|não|nao|false)$/i;
  const ticks = toks.filter((t) => TICKED.test(t.text));
  for (const tick of ticks) {
    const next = toks[toks.indexOf(tick) + 1];
    if (next && yes.test(next.text)) return { value: true, toks: [tick, next] };
    if (next && no.test(next.text)) return { value: false, toks: [tick, next] };
  }
  if (toks.some((t) => t.text === '[' || t.text === '[]')) return null;
  const word = toks.find((t) => yes.test(t.text) || no.test(t.text));
  return word ? { value: yes.test(word.text), toks: [word] } : null;
}

/** The field's value among some words, or null when they hold none of its type. */
function typedValue(
  toks: Tok[],
  meaning: FieldMeaning,
  match: LabelScore,
  ctx: DocContext,
  where: Where,
): Found | null {
  if (!toks.length) return null;
  if (meaning.type === 'boolean') {
    const answer = yesNo(toks);
    return answer ? { ...answer, quality: 1, where } : null;
  }
  if (match.range) {
    const text = toks.map((t) => t.text).join(' ');
    const dates = findDates(text, ctx.order);
    if (dates.length >= 2) {
      const date = meaning.tags.has('start') ? dates[0]! : dates[dates.length - 1]!;
      return { value: date.iso, toks, quality: date.ambiguous ? 0.85 : 1, where };
    }
  }
  if (meaning.type === 'string') {
    const cell = segments(toks, toks[0]!.box[3] - toks[0]!.box[1], 1.5)[0] ?? toks;
    if (wantsId(meaning)) {
      const id = identifier(cell);
      return id ? { ...id, quality: 0.95, where } : null;
    }
    const typed = parseTyped(cell, 'string', ctx);
    if (!typed || !/\p{L}{2}/u.test(String(typed.value))) return null;
    // tick boxes answer yes or no, they name nothing
    if (/\[[\sxX]?\]/.test(String(typed.value))) return null;
    // a date or a sum is no name
    if (
      findDates(String(typed.value), ctx.order).length ||
      /^[\d\s.,:/-]+$/.test(String(typed.value))
    )
      return null;
    return { value: typed.value, toks: typed.toks, quality: typed.quality, where };
  }
  const typed = parseTyped(toks, meaning.type, ctx, meaning.tags.has('birth') ? 1900 : undefined);
  return typed && typed.toks.length ? { ...typed, where } : null;
}

/**
 * Words right of a label on its row: the rest of its cell, else the next cell unless that is only
 * another label (a band of labels); never past a label with a colon.
 */
function rightOf(label: PageLabel, labels: PageLabel[]): Tok[] {
  const { row } = label;
  const stop = labelsAfter(labels, row, label.end).find((l) => !l.sentence && l.colon);
  const words = row.words.slice(label.end, stop?.start ?? row.words.length);
  const cells = segments(words, row.height, 1.5);
  // words close after the label are in its own cell
  const first = cells[0]?.[0];
  const own = first && first.box[0] - label.box[2] <= 1.5 * row.height ? cells[0]! : [];
  if (own.length) return own;
  const next = cells[0] ?? [];
  const onlyLabel = labels.some(
    (l) =>
      l.row === row &&
      !l.sentence &&
      l.start === row.words.indexOf(next[0]!) &&
      l.end === row.words.indexOf(next[next.length - 1]!) + 1,
  );
  return onlyLabel ? [] : next;
}

/**
 * Words under a label: on the next rows, the cell under it. Where other labels stand beside it
 * (a band of labels, a row of boxes, party blocks side by side) its column runs from its own left
 * edge to the next label's; a label alone takes the run of words that overlaps it.
 */
function under(label: PageLabel, labels: PageLabel[], ctx: DocContext): Tok[][] {
  const rows = ctx.layout.rows;
  const { row } = label;
  const beside = labels.filter((l) => l.row === row && l !== label && !l.sentence);
  const slack = 0.5 * row.height;
  const prev = beside.filter((l) => l.end <= label.start).length > 0;
  const next = beside.filter((l) => l.start >= label.end).sort((a, b) => a.start - b.start)[0];
  const columnStart = prev ? label.box[0] - slack : -Infinity;
  const columnEnd = next ? next.box[0] - slack : Infinity;
  const width = label.box[2] - label.box[0];
  const out: Tok[][] = [];
  for (let i = row.index + 1; i < rows.length && i <= row.index + 3; i++) {
    const below = rows[i]!;
    if (below.page !== row.page || below.box[1] - row.box[3] > 3 * ctx.layout.unit) break;
    const column = below.words.filter((t) => t.box[0] >= columnStart && t.box[0] < columnEnd);
    const cell = segments(column, below.height, 1.5).find((seg) => {
      const b = boxOf(seg);
      const overlap = Math.min(b[2], label.box[2]) - Math.max(b[0], label.box[0]);
      return overlap > 0 && b[0] > label.box[0] - Math.max(width, 3 * below.height);
    });
    if (!cell) continue;
    // another label with its value under this one: the form puts values beside its labels
    const first = below.words.indexOf(cell[0]!);
    const last = below.words.indexOf(cell[cell.length - 1]!);
    const starts = labels.find((l) => l.row === below && l.start === first && !l.sentence);
    if (starts && (starts.colon || starts.end <= last)) break;
    out.push(cell);
  }
  return out;
}

/** Words that join a label to its value in a sentence: "is", "ist", "gilt", "est", ":"… */
const LINKS =
  /^(is|are|was|ist|gilt|lautet|betragt|est|sont|es|son|e|è|é|sao|são|wordt|bedraagt|zijn|:|-|–)$/i;
/** Words between a value and the label after it: "… as the delivery date", "… als Lieferdatum". */
const AS =
  /^(as|the|als|comme|como|come|quale|le|la|les|l'|el|los|las|il|lo|o|a|os|as|de|du|des|der|die|das|het|de|van|uw|your|votre|su|sua|seu|vostro|vosso)$/i;

/** Words after a label in its sentence, the joining words ("is") left out. */
function afterInSentence(label: PageLabel): Tok[] {
  const { toks, end } = label.sentence!;
  let from = end;
  while (from < toks.length && LINKS.test(toks[from]!.text)) from++;
  return toks.slice(from);
}

/** Words before a label in its sentence ("We confirm 12 May 2024 as the delivery date"). */
function beforeInSentence(label: PageLabel): Tok[] {
  const { toks, start } = label.sentence!;
  let to = start;
  while (to > 0 && AS.test(toks[to - 1]!.text)) to--;
  return toks.slice(0, to);
}

/**
 * A name before a label in a sentence: from its first capitalised word or figure after the
 * sentence's opening word ("Confirmamos Direito português como…", "We confirm Kestrel Couriers as…").
 */
function leadingName(toks: Tok[]): Tok[] {
  const from = toks.findIndex((t, i) => i > 0 && /^[\p{Lu}\d]/u.test(t.text));
  return from > 0 ? toks.slice(from) : [];
}

/** The words of a text value in a sentence, up to the sentence's end, its full stop dropped. */
const sentenceText = (toks: Tok[]): Tok[] =>
  toks.map((t, i) => (i === toks.length - 1 ? { ...t, text: t.text.replace(/\.$/, '') } : t));

function inSentence(scored: Scored, meaning: FieldMeaning, ctx: DocContext): Found | null {
  const { label, match } = scored;
  const after = afterInSentence(label);
  const before = beforeInSentence(label);
  if (meaning.type !== 'string' || wantsId(meaning)) {
    return (
      typedValue(after, meaning, match, ctx, 'right') ??
      typedValue(before, meaning, match, ctx, 'before')
    );
  }
  if (after.length) return typedValue(sentenceText(after), meaning, match, ctx, 'right');
  const name = leadingName(before);
  return name.length ? typedValue(name, meaning, match, ctx, 'before') : null;
}

function valueOf(
  scored: Scored,
  labels: PageLabel[],
  meaning: FieldMeaning,
  ctx: DocContext,
): Found | null {
  const { label, match } = scored;
  if (label.sentence) return inSentence(scored, meaning, ctx);
  const right = typedValue(rightOf(label, labels), meaning, match, ctx, 'right');
  if (right) return right;
  for (const cell of under(label, labels, ctx)) {
    const below = typedValue(cell, meaning, match, ctx, 'below');
    if (below) return below;
  }
  return null;
}

const WHERE_FACTOR: Record<Where, number> = { right: 1, below: 0.95, before: 0.85 };

/**
 * The field's value from the best label that answers it; null when no label of the page does.
 * Confidence is ≥ 0.8 only for a label that says all the field says and nothing else, whose
 * value is unambiguous and no other label as good gives another value.
 */
export function labelledValue(meaning: FieldMeaning, ctx: DocContext): Candidate | null {
  const labels = pageLabels(ctx.layout, ctx.order);
  const implied = titleTags(ctx.layout);
  const scored: Scored[] = labels
    .map((label) => ({ label, match: labelScore(meaning, label.meaning, label.words, implied) }))
    .filter((s) => s.match.score >= LEAST_SCORE)
    // of labels as good, one printed with a colon is surely a label
    .sort(
      (a, b) =>
        b.match.score - a.match.score ||
        Number(b.label.colon) - Number(a.label.colon) ||
        a.label.row.index - b.label.row.index,
    );
  const found: { scored: Scored; value: Found }[] = [];
  for (const s of scored.slice(0, 8)) {
    const value = valueOf(s, labels, meaning, ctx);
    if (value) found.push({ scored: s, value });
  }
  const best = found[0];
  if (!best) return null;
  const { match, label } = best.scored;
  const rivals = found.filter(
    (f) =>
      f !== best && f.scored.match.score >= match.score - 0.1 && f.value.value !== best.value.value,
  );
  const raw =
    match.score * WHERE_FACTOR[best.value.where] * best.value.quality * ocrFactor(best.value.toks);
  let confidence = (0.3 + 0.65 * raw) * (rivals.length ? 0.8 : 1);
  if (match.score < SURE_SCORE || rivals.length || best.value.where === 'before')
    confidence = Math.min(confidence, 0.79);
  return {
    value: best.value.value,
    box: boxOf(best.value.toks),
    page: label.row.page,
    confidence,
    order: label.row.index,
    where: best.value.where === 'below' ? 'below' : 'right',
    readConf: avgConf(best.value.toks),
  };
}
