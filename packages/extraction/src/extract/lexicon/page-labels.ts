/**
 * The labels a page prints, found without knowing any field, once per document:
 * - in forms, the runs of words of a cell that are not values (no figures, no dates), ended by a
 *   colon; a label printed on two lines of a band or box is one label too;
 * - in a letter's sentences, the words the lexicon knows, standing together ("… as the delivery
 *   date"), with the sentence they are in.
 * Each comes with what the lexicon reads in it, for every field of the schema to be matched against.
 */
import type { Box } from '../../document.js';
import type { DateOrder } from '../parse.js';
import { findDates } from '../parse.js';
import { segments, unionBox, type DocLayout, type Row, type Tok } from '../layout.js';
import { isStopword, lexiconWords, pageMeaning, pageWordsTagged, type Meaning } from './meaning.js';

export interface PageLabel {
  /** The row the label ends on. */
  row: Row;
  /** Index of the label's first word in its row (its last row for a label on two lines). */
  start: number;
  /** Index after its last word. */
  end: number;
  words: string[];
  meaning: Meaning;
  box: Box;
  /** Printed with a colon after it. */
  colon: boolean;
  /** The sentence the label stands in (a letter), with the label's place in it. */
  sentence?: { toks: Tok[]; start: number; end: number };
}

/** Earliest year of a date printed as a value (dates of birth included). */
const OLDEST = 1900;

/** A word that is (part of) a value: it holds a figure, or lies inside a date ("12 March 2024"). */
function valueFlags(words: Tok[], order: DateOrder): boolean[] {
  const flags = words.map((w) => /\d/.test(w.text));
  // every date has figures: a run of words without any holds none
  if (!flags.includes(true)) return flags;
  const starts: number[] = [];
  let text = '';
  for (const w of words) {
    if (text) text += ' ';
    starts.push(text.length);
    text += w.text;
  }
  for (const date of findDates(text, order, OLDEST)) {
    const end = date.index + date.match.length;
    words.forEach((w, i) => {
      const s = starts[i]!;
      if (s < end && s + w.text.length > date.index) flags[i] = true;
    });
  }
  return flags;
}

const wordsOfTok = new WeakMap<Tok, string[]>();

/** A word's lexicon words, worked out once per document word. */
function lexiconWordsOf(tok: Tok): string[] {
  let words = wordsOfTok.get(tok);
  if (!words) {
    words = lexiconWords(tok.text);
    wordsOfTok.set(tok, words);
  }
  return words;
}

/** Which words of a run carry a tag, read together so several-word terms count ("Cost Center"). */
function knownWords(toks: Tok[]): boolean[] {
  const perTok = toks.map(lexiconWordsOf);
  const { tagged } = pageWordsTagged(perTok.flat());
  let w = 0;
  return perTok.map((words) => {
    const some = words.some((_, k) => tagged[w + k]);
    w += words.length;
    return some;
  });
}

/** A row of running text: many words in one run, no cells. */
const isTextLine = (row: Row, least: number): boolean =>
  row.words.length >= least && segments(row.words, row.height, 1.5).length === 1;

function formLabels(row: Row, order: DateOrder): PageLabel[] {
  const isValue = valueFlags(row.words, order);
  const indexOf = new Map<Tok, number>(row.words.map((w, i) => [w, i]));
  const out: PageLabel[] = [];
  const push = (toks: Tok[], colon: boolean) => {
    const words = toks.flatMap(lexiconWordsOf);
    const meaning = pageMeaning(words);
    if (words.length && (meaning.tags.size || colon))
      out.push({
        row,
        start: indexOf.get(toks[0]!)!,
        end: indexOf.get(toks[toks.length - 1]!)! + 1,
        words,
        meaning,
        box: unionBox(toks.map((w) => w.box)),
        colon,
      });
  };
  for (const seg of segments(row.words, row.height, 1.5)) {
    let run: Tok[] = [];
    const close = (colon: boolean) => {
      if (run.length) {
        push(run, colon);
        // a label printed without a colon runs on into a text value ("Nom du salarié Julien
        // Roux"): up to its last known word and the lower-case words after it, it is a label too
        if (!colon) {
          let last = knownWords(run).lastIndexOf(true);
          while (last >= 0 && last < run.length - 1 && /^\p{Ll}/u.test(run[last + 1]!.text)) last++;
          if (last >= 0 && last < run.length - 1) push(run.slice(0, last + 1), false);
        }
      }
      run = [];
    };
    for (const word of seg) {
      if (isValue[indexOf.get(word)!]) {
        close(false);
        continue;
      }
      run.push(word);
      if (/:$/.test(word.text)) close(true);
    }
    close(false);
  }
  return out;
}

/** A label of a band or box printed on two lines: the line under it in its column ends it. */
function twoLineLabels(labels: PageLabel[], layout: DocLayout): PageLabel[] {
  const out: PageLabel[] = [];
  for (const upper of labels) {
    if (upper.colon) continue;
    for (const lower of labels) {
      if (lower.row.index !== upper.row.index + 1 || lower.row.page !== upper.row.page) continue;
      if (lower.row.box[1] - upper.row.box[3] > 0.6 * layout.unit) continue;
      const overlap = Math.min(upper.box[2], lower.box[2]) - Math.max(upper.box[0], lower.box[0]);
      const narrower = Math.min(upper.box[2] - upper.box[0], lower.box[2] - lower.box[0]);
      if (overlap < 0.5 * narrower || Math.abs(upper.box[0] - lower.box[0]) > upper.row.height)
        continue;
      const words = [...upper.words, ...lower.words];
      out.push({
        row: lower.row,
        start: lower.start,
        end: lower.end,
        words,
        meaning: pageMeaning(words),
        box: unionBox([upper.box, lower.box]),
        colon: lower.colon,
      });
    }
  }
  return out;
}

/** A full stop that ends a sentence: after a word or figure, not an abbreviation ("Dr.", "S.p.A."). */
const endsSentence = (tok: Tok, next: Tok | undefined): boolean =>
  /(\p{L}{3,}|\d)\.$/u.test(tok.text) &&
  !/\p{L}\.\p{L}/u.test(tok.text) &&
  (!next || /^\p{Lu}/u.test(next.text));

/** The labels in the sentences of a paragraph: words the lexicon knows, standing together. */
function sentenceLabels(rows: Row[], order: DateOrder): PageLabel[] {
  const toks = rows.flatMap((r) => r.words);
  const rowOf = new Map<Tok, Row>(rows.flatMap((r) => r.words.map((w) => [w, r] as const)));
  const isValue = valueFlags(toks, order);
  const out: PageLabel[] = [];
  let from = 0;
  for (let i = 0; i <= toks.length; i++) {
    if (i < toks.length && !endsSentence(toks[i]!, toks[i + 1])) continue;
    const sentence = toks.slice(from, i + 1);
    const flags = isValue.slice(from, i + 1);
    from = i + 1;
    const perTok = sentence.map(lexiconWordsOf);
    const known = knownWords(sentence);
    const quiet = perTok.map((words) => words.every(isStopword));
    for (let s = 0; s < sentence.length; s++) {
      if (!known[s] || flags[s]) continue;
      let e = s;
      for (let k = s + 1; k < sentence.length && !flags[k] && (known[k] || quiet[k]); k++)
        if (known[k]) e = k;
      const words = perTok.slice(s, e + 1).flat();
      const first = sentence[s]!;
      const row = rowOf.get(sentence[e]!)!;
      out.push({
        row,
        start: row.words.indexOf(first) >= 0 ? row.words.indexOf(first) : 0,
        end: row.words.indexOf(sentence[e]!) + 1,
        words,
        meaning: pageMeaning(words),
        box: unionBox(sentence.slice(s, e + 1).map((t) => t.box)),
        colon: /:$/.test(sentence[e]!.text),
        sentence: { toks: sentence, start: s, end: e + 1 },
      });
      s = e;
    }
  }
  return out;
}

/**
 * Rows of running text that follow each other closely make one paragraph: it opens with a line of
 * many words across most of the page, and runs on while the line before it is that wide.
 */
function paragraphs(layout: DocLayout): Row[][] {
  const widest = new Map<number, number>();
  for (const row of layout.rows)
    widest.set(row.page, Math.max(widest.get(row.page) ?? 0, row.box[2] - row.box[0]));
  const wide = (row: Row) => row.box[2] - row.box[0] >= 0.6 * (widest.get(row.page) ?? 0);
  const out: Row[][] = [];
  let current: Row[] = [];
  for (const row of layout.rows) {
    const prev = current[current.length - 1];
    const continues =
      prev &&
      wide(prev) &&
      prev.page === row.page &&
      row.box[1] - prev.box[3] < 1.2 * row.height &&
      Math.abs(row.box[0] - prev.box[0]) < 2 * row.height &&
      isTextLine(row, 2);
    if (continues) current.push(row);
    else {
      if (current.length) out.push(current);
      current = isTextLine(row, SENTENCE_WORDS) && wide(row) ? [row] : [];
    }
  }
  if (current.length) out.push(current);
  return out;
}

/** A row of this many words in one run is a line of a letter's text, not a form's row. */
const SENTENCE_WORDS = 8;

const cache = new WeakMap<DocLayout, PageLabel[]>();

/** Every label of a document, in reading order. */
export function pageLabels(layout: DocLayout, order: DateOrder): PageLabel[] {
  let labels = cache.get(layout);
  if (!labels) {
    const text = paragraphs(layout);
    const inText = new Set(text.flat());
    const form = layout.rows
      .filter((row) => !inText.has(row))
      .flatMap((row) => formLabels(row, order));
    labels = [
      ...form,
      ...twoLineLabels(form, layout),
      ...text.flatMap((p) => sentenceLabels(p, order)),
    ];
    labels.sort((a, b) => a.row.index - b.row.index || a.start - b.start);
    cache.set(layout, labels);
  }
  return labels;
}
