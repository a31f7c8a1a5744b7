import type { FieldType } from '@parser/contracts';
import {
  type Box,
  findAmounts,
  findDates,
  type Line,
  type ReadDocument,
  type ValueSource,
} from '@parser/extraction';

/**
 * Where a value is printed in the document's words: the box around the words that show it, on the
 * first page that does. Dates and amounts match in any printed form (15/03/2024 for 2024-03-15,
 * 1.234,50 for 1234.5); text matches ignoring case and spacing. Null when the words do not show it.
 */
export function locateValue(
  doc: ReadDocument,
  type: FieldType,
  value: string | number | boolean,
): ValueSource | null {
  if (type === 'boolean' || typeof value === 'boolean') return null;
  for (const page of doc.pages) {
    for (const line of page.lines) {
      const range = matchInLine(line.text, type, value);
      if (range) {
        const box = boxOfRange(line, range[0], range[1]);
        if (box) return { page: page.number, box };
      }
    }
  }
  return null;
}

function matchInLine(
  text: string,
  type: FieldType,
  value: string | number,
): [start: number, end: number] | null {
  switch (type) {
    case 'date': {
      for (const order of ['dmy', 'mdy'] as const) {
        const found = findDates(text, order).find((date) => date.iso === value);
        if (found) return [found.index, found.index + found.match.length];
      }
      return null;
    }
    case 'number':
    case 'currency': {
      const wanted = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(wanted)) return null;
      for (const mark of ['.', ','] as const) {
        for (const amount of findAmounts(text, mark)) {
          if (Math.abs(Math.abs(amount.value) - Math.abs(wanted)) < 0.005) {
            return [amount.index, amount.index + amount.match.length];
          }
        }
      }
      return null;
    }
    case 'string':
    case 'boolean': {
      const wanted = normalise(String(value));
      if (!wanted) return null;
      const { folded, offsets } = foldWithOffsets(text);
      const at = folded.indexOf(wanted);
      if (at < 0) return null;
      return [offsets[at]!, offsets[at + wanted.length - 1]! + 1];
    }
  }
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** The text lowercased with runs of spacing as one space, and each folded character's index in the original. */
function foldWithOffsets(text: string): { folded: string; offsets: number[] } {
  let folded = '';
  const offsets: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (/\s/.test(char)) {
      if (folded.endsWith(' ') || folded === '') continue;
      folded += ' ';
    } else {
      folded += char.toLowerCase();
    }
    offsets.push(i);
  }
  return { folded, offsets };
}

/** The box around the line's words that the character range [start, end) touches. */
function boxOfRange(line: Line, start: number, end: number): Box | null {
  let cursor = 0;
  let box: Box | null = null;
  for (const word of line.words) {
    const at = line.text.indexOf(word.text, cursor);
    if (at < 0) continue;
    const wordEnd = at + word.text.length;
    cursor = wordEnd;
    if (at < end && wordEnd > start) {
      box = box
        ? [
            Math.min(box[0], word.box[0]),
            Math.min(box[1], word.box[1]),
            Math.max(box[2], word.box[2]),
            Math.max(box[3], word.box[3]),
          ]
        : [...word.box];
    }
  }
  return box;
}
