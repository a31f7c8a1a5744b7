/**
 * Legacy Word (.doc, Word 97-2003) files built from their published structure ([MS-DOC]): an OLE2
 * compound file (written by SheetJS's `cfb`) holding a WordDocument stream, whose File Information
 * Block says how many characters the text has and where the piece table is, and a 1Table stream
 * holding that piece table. Pieces name runs of 8-bit text in the WordDocument stream; a piece
 * table may name the same run any number of times, which is how a small .doc can describe a huge
 * text: `repeatedTextDoc` builds such a file.
 */
import CFB from 'cfb';

import { CONTENT_TYPES, type GeneratedDocument } from './document.js';

/** Where things sit in the File Information Block (offsets from [MS-DOC] 2.5.1). */
const FIB = {
  wIdent: 0x0000,
  nFib: 0x0002,
  flags: 0x000a,
  ccpText: 0x004c,
  fcClx: 0x01a2,
  lcbClx: 0x01a6,
  size: 0x01aa,
} as const;
/** Magic number of a Word document, and the version of Word 97. */
const WORD_IDENT = 0xa5ec;
const NFIB_WORD97 = 0x00c1;
/** fWhichTblStm: the piece table is in the 1Table stream. */
const USES_1TABLE = 0x0200;
/** An fc with this bit names 8-bit (cp1252) text stored at half its value. */
const COMPRESSED_TEXT = 0x40000000;
const TEXT_OFFSET = 0x0400;

interface WordDocOptions {
  /** The run of text stored once in the file (paragraphs end with `\r`). */
  run: string;
  /** How many pieces name that run, one after the other. @default 1 */
  pieces?: number;
  /** The main text's character count the FIB states. @default run length × pieces */
  claimedCharacters?: number;
  /** Writes a wrong marker where the piece table starts, so the text cannot be found. */
  damagedPieceTable?: boolean;
}

function wordDocBytes({
  run,
  pieces = 1,
  claimedCharacters,
  damagedPieceTable = false,
}: WordDocOptions): Uint8Array {
  const text = Buffer.from(run, 'latin1');
  const word = Buffer.alloc(TEXT_OFFSET + text.length);
  word.writeUInt16LE(WORD_IDENT, FIB.wIdent);
  word.writeUInt16LE(NFIB_WORD97, FIB.nFib);
  word.writeUInt16LE(USES_1TABLE, FIB.flags);
  word.writeUInt32LE(claimedCharacters ?? text.length * pieces, FIB.ccpText);
  text.copy(word, TEXT_OFFSET);

  // Clx: a Pcdt (0x02, its size, then a PlcPcd: pieces + 1 character positions and one 8-byte
  // piece descriptor per piece, each pointing at the same run).
  const plcSize = (pieces + 1) * 4 + pieces * 8;
  const table = Buffer.alloc(5 + plcSize);
  table.writeUInt8(damagedPieceTable ? 0x07 : 0x02, 0);
  table.writeUInt32LE(plcSize, 1);
  for (let i = 0; i <= pieces; i++) table.writeUInt32LE(i * text.length, 5 + i * 4);
  const descriptors = 5 + (pieces + 1) * 4;
  for (let i = 0; i < pieces; i++) {
    table.writeUInt32LE((TEXT_OFFSET * 2) | COMPRESSED_TEXT, descriptors + i * 8 + 2);
  }
  word.writeUInt32LE(0, FIB.fcClx);
  word.writeUInt32LE(table.length, FIB.lcbClx);

  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, '/WordDocument', word);
  CFB.utils.cfb_add(container, '/1Table', table);
  return new Uint8Array(CFB.write(container, { type: 'buffer' }) as Buffer);
}

const docFile = (bytes: Uint8Array, fileName: string): GeneratedDocument => ({
  bytes,
  fileName,
  contentType: CONTENT_TYPES.doc,
});

/** A .doc whose text is `lines`, one paragraph each (plain ASCII or Latin-1 text). */
export function legacyWordDoc(
  lines: readonly string[],
  fileName = 'letter.doc',
): GeneratedDocument {
  return docFile(wordDocBytes({ run: lines.map((line) => `${line}\r`).join('') }), fileName);
}

/**
 * A .doc of a few kilobytes whose piece table names one run of text `repeats` times, so a reader
 * following it builds `run.length × repeats` characters.
 */
export function repeatedTextDoc(run: string, repeats: number): GeneratedDocument {
  return docFile(wordDocBytes({ run, pieces: repeats }), 'repeated.doc');
}

/** A .doc holding `lines` whose File Information Block claims `characters` characters of text. */
export function overclaimingDoc(lines: readonly string[], characters: number): GeneratedDocument {
  const run = lines.map((line) => `${line}\r`).join('');
  return docFile(wordDocBytes({ run, claimedCharacters: characters }), 'claims.doc');
}

/** A .doc that opens as a Word file but whose piece table is damaged: its text cannot be found. */
export function damagedWordDoc(lines: readonly string[]): GeneratedDocument {
  const run = lines.map((line) => `${line}\r`).join('');
  return docFile(wordDocBytes({ run, damagedPieceTable: true }), 'damaged.doc');
}
