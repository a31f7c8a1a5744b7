/**
 * Lays a printed business document out on one A4 page: the sender's letterhead, the title, the
 * party blocks side by side, the labelled values in the document's arrangement, the table with its
 * sums, and small print at the foot. A letter puts a greeting before its sentences and a closing after.
 */
import {
  type DrawnPage,
  type FontFamily,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  PagePainter,
  wrapText,
} from '../../corpus/page-model.js';
import type { Arrangement, PrintedDocument, TableRuling } from '../model.js';
import { CLOSING, fill, GREETING, SUBJECT } from '../words/letter.js';
import { drawEntries, type Frame } from './key-values.js';
import { drawTable } from './table.js';

const LEFT = 50;
const RIGHT = PAGE_WIDTH - 50;

export interface PageDesign {
  arrangement: Arrangement;
  ruling: TableRuling;
  family: FontFamily;
}

export function drawDocument(
  document: PrintedDocument,
  design: PageDesign,
  frameOf: (painter: PagePainter) => Frame,
): DrawnPage {
  const painter = new PagePainter();
  const frame = { ...frameOf(painter), left: LEFT, right: RIGHT };
  const { family, random } = frame;
  const letter = design.arrangement === 'letter';

  // letterhead, left or right
  const headRight = random.chance(0.4);
  const [name = '', ...contact] = document.issuer;
  let y = 38;
  painter.text(
    name,
    headRight ? RIGHT : LEFT,
    y,
    { size: 14, family, bold: true },
    headRight ? 'right' : 'left',
  );
  y += 19;
  for (const line of contact) {
    painter.text(
      line,
      headRight ? RIGHT : LEFT,
      y,
      { size: 8, family, gray: 0.25 },
      headRight ? 'right' : 'left',
    );
    y += 10;
  }
  y = Math.max(y + 14, 100);

  if (!letter) {
    painter.text(document.title, LEFT, y, { size: 17, family, bold: true });
    y += 32;
  }

  // party blocks side by side
  if (document.parties.length) {
    const width = (RIGHT - LEFT) / document.parties.length;
    let bottom = y;
    document.parties.forEach((party, index) => {
      const x = LEFT + index * width;
      let top = y;
      painter.text(party.label, x, top, { size: 8, family, bold: true, gray: 0.2 });
      top += 12;
      party.lines.forEach((line, l) => {
        painter.text(line, x, top, { size: 9.5, family, bold: l === 0 });
        top += 12;
      });
      bottom = Math.max(bottom, top);
    });
    y = bottom + 14;
  }

  if (letter) {
    painter.text(fill(frame.say(SUBJECT), { title: document.title }), LEFT, y, {
      size: 11,
      family,
      bold: true,
    });
    y += 24;
    painter.text(frame.say(GREETING), LEFT, y, { size: 10, family });
    y += 22;
  }
  y = drawEntries(frame, design.arrangement, document.entries, y);

  if (document.table) {
    y = drawTable(painter, document.table, design.ruling, family, LEFT, RIGHT, y + 6);
  }
  if (letter) {
    painter.text(frame.say(CLOSING), LEFT, y + 6, { size: 10, family });
    painter.text(name, LEFT, y + 36, { size: 10, family });
    y += 50;
  }

  let foot = PAGE_HEIGHT - 30 - document.notes.length * 10;
  for (const note of document.notes)
    for (const line of wrapText(note, RIGHT - LEFT, { size: 7, family })) {
      painter.text(line, LEFT, foot, { size: 7, family, gray: 0.35 });
      foot += 10;
    }
  if (y > PAGE_HEIGHT - 40 - document.notes.length * 10)
    throw new Error(`the document runs off its page (${Math.round(y)} pt)`);
  return { ops: painter.ops };
}
