/**
 * The five ways labelled values sit on a business document: label and value on one line; label
 * above the value in a box; a band of labels over a band of values; label left with the value
 * right-aligned; and values inside the sentences of a letter.
 */
import type { Language } from '../../corpus/languages.js';
import { type FontFamily, type PagePainter, textWidth, wrapText } from '../../corpus/page-model.js';
import type { Random } from '../../corpus/random.js';
import type { Arrangement, Phrasings, PrintedEntry } from '../model.js';
import { fill, inSentence, SENTENCES } from '../words/letter.js';

export interface Frame {
  painter: PagePainter;
  family: FontFamily;
  left: number;
  right: number;
  random: Random;
  language: Language;
  /** One of the document split's phrasings. */
  say(phrasings: Phrasings): string;
}

const LABEL_SIZE = 8.5;
const VALUE_SIZE = 9.5;

/** Draws the pairs from `y` down in the arrangement; returns the y below them. */
export function drawEntries(
  frame: Frame,
  arrangement: Arrangement,
  entries: readonly PrintedEntry[],
  y: number,
): number {
  if (!entries.length) return y;
  switch (arrangement) {
    case 'inline':
      return inline(frame, entries, y);
    case 'boxes':
      return boxes(frame, entries, y);
    case 'bands':
      return bands(frame, entries, y);
    case 'right-aligned':
      return rightAligned(frame, entries, y);
    case 'letter':
      return sentences(frame, entries, y);
  }
}

const bare = (label: string) => label.replace(/:$/, '');

const ENDS_IN_PREPOSITION =
  /\s(on|by|from|at|am|bis|vom|ab|le|du|au|à|op|van|tot|el|del|desde|hasta|il|dal|entro|em|de|até|a)$/i;

/** The most cells a row can hold (up to `most`) with every value fitting its cell. */
function cellsPerRow(frame: Frame, entries: readonly PrintedEntry[], most: number, bold: boolean) {
  const widest = Math.max(
    ...entries.map((e) => textWidth(e.value, frame.family, bold, VALUE_SIZE)),
  );
  let per = Math.min(most, entries.length);
  while (per > 1 && (frame.right - frame.left) / per < widest + 10) per--;
  return per;
}

/** "Label: value" runs on, or values line up at a tab after the longest label; one or two columns. */
function inline(frame: Frame, entries: readonly PrintedEntry[], y: number): number {
  const { painter, family, random } = frame;
  const twoColumns = entries.length > 4 && random.chance(0.5);
  const tabbed = random.chance(0.5);
  const half = Math.ceil(entries.length / (twoColumns ? 2 : 1));
  const columnWidth = (frame.right - frame.left) / (twoColumns ? 2 : 1);
  let bottom = y;
  for (let column = 0; column < (twoColumns ? 2 : 1); column++) {
    const group = entries.slice(column * half, (column + 1) * half);
    const x = frame.left + column * columnWidth;
    const tab =
      Math.max(...group.map((e) => textWidth(e.label, family, true, LABEL_SIZE))) + x + 10;
    group.forEach((entry, row) => {
      const top = y + row * 15;
      const width = painter.text(entry.label, x, top + 1, { size: LABEL_SIZE, family, bold: true });
      painter.text(entry.value, tabbed ? tab : x + width + 5, top, { size: VALUE_SIZE, family });
      bottom = Math.max(bottom, top + 15);
    });
  }
  return bottom + 8;
}

/** A grid of ruled boxes: a small grey label at the top of each, the value under it. */
function boxes(frame: Frame, entries: readonly PrintedEntry[], y: number): number {
  const { painter, family } = frame;
  const perRow = cellsPerRow(
    frame,
    entries,
    entries.length === 4 || entries.length > 6 ? 4 : 3,
    true,
  );
  const width = (frame.right - frame.left) / perRow;
  entries.forEach((entry, index) => {
    const x = frame.left + (index % perRow) * width;
    const top = y + Math.floor(index / perRow) * 32;
    painter.rect(x, top, width, 32, null, 0.3);
    painter.text(bare(entry.label), x + 4, top + 4, { size: 7, family, gray: 0.35 });
    painter.text(entry.value, x + 4, top + 16, { size: VALUE_SIZE, family, bold: true });
  });
  return y + Math.ceil(entries.length / perRow) * 32 + 12;
}

/** Shaded bands of up to four labels, each over a band of the values, like a form's header strip. */
function bands(frame: Frame, entries: readonly PrintedEntry[], y: number): number {
  const { painter, family } = frame;
  const perBand = cellsPerRow(frame, entries, 4, false);
  const width = (frame.right - frame.left) / perBand;
  let top = y;
  for (let start = 0; start < entries.length; start += perBand) {
    const band = entries.slice(start, start + perBand);
    const labels = band.map((e) => wrapText(bare(e.label), width - 8, { size: 7.5, family }));
    const labelHeight = Math.max(...labels.map((lines) => lines.length)) * 9 + 6;
    painter.rect(frame.left, top, frame.right - frame.left, labelHeight, 0.86);
    band.forEach((entry, i) => {
      const x = frame.left + i * width;
      labels[i]!.forEach((line, l) =>
        painter.text(line, x + 4, top + 3 + l * 9, { size: 7.5, family, bold: true }),
      );
      painter.text(entry.value, x + 4, top + labelHeight + 4, { size: VALUE_SIZE, family });
    });
    painter.line(frame.left, top + labelHeight + 18, frame.right, top + labelHeight + 18, 0.4);
    top += labelHeight + 26;
  }
  return top + 4;
}

/** Labels at the left, values flush right: across the page, or in a panel on its right half. */
function rightAligned(frame: Frame, entries: readonly PrintedEntry[], y: number): number {
  const { painter, family, random } = frame;
  const left = random.chance(0.5) ? frame.left : frame.left + (frame.right - frame.left) * 0.45;
  const ruled = random.chance(0.4);
  entries.forEach((entry, row) => {
    const top = y + row * 16;
    painter.text(entry.label, left, top + 1, { size: LABEL_SIZE, family });
    painter.text(entry.value, frame.right, top, { size: VALUE_SIZE, family, bold: true }, 'right');
    if (ruled) painter.line(left, top + 13, frame.right, top + 13, 0.3, 0.6);
  });
  return y + entries.length * 16 + 8;
}

/** Paragraphs of sentences, each carrying one label and its value. */
// Inside a sentence a value is held together by no-break spaces, so a wrapped line never splits
// a name or a date; they are printed as plain spaces.
const NO_BREAK = '\u00a0';
const held = (value: string) => value.replace(/ /g, NO_BREAK);

function sentences(frame: Frame, entries: readonly PrintedEntry[], y: number): number {
  const { painter, family, random, language } = frame;
  const style = { size: 10, family };
  const texts = entries.map((entry) => {
    const label = bare(entry.label);
    const value = held(entry.value);
    // a label that ends in a preposition ("Issued on", "Prélevé le") reads as a sentence by itself
    if (ENDS_IN_PREPOSITION.test(label)) return `${label} ${value}.`;
    return fill(frame.say(SENTENCES), { label: inSentence(label, language), value });
  });
  let top = y;
  for (let start = 0; start < texts.length;) {
    const size = random.int(2, 3);
    const paragraph = texts.slice(start, start + size).join(' ');
    for (const line of wrapText(paragraph, frame.right - frame.left, style)) {
      painter.text(line.replaceAll(NO_BREAK, ' '), frame.left, top, style);
      top += 14;
    }
    top += 8;
    start += size;
  }
  return top;
}
