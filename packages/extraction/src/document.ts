import type { EInvoice } from './einvoice/model.js';

/**
 * The engine's view of a document: pages of positioned words, grouped into lines and blocks in
 * reading order. Coordinates are page units with the origin at the top-left corner: PDF points for
 * text-layer pages, pixels of the OCR'd image for scanned pages and images. `Box` is [x0, y0, x1, y1].
 */
export type Box = [x0: number, y0: number, x1: number, y1: number];

/** How a page's text was obtained. */
export type ReadMethod = 'text_layer' | 'ocr' | 'word';

export interface Word {
  text: string;
  box: Box;
  /** 0..1; text-layer and Word words are 1. */
  confidence: number;
  /**
   * The probability of the word's least sure character (OCR'd words): one misread glyph shows
   * here while the mean over a long word hides it. Absent for text layers and older readings.
   */
  leastGlyph?: number;
  /**
   * Other readings of the same printed word (OCR'd words): a doubtful figure or letter read as the
   * one the recogniser ranked second there, for the extractor to choose by arithmetic or by the
   * words it knows. Absent when none.
   */
  alternatives?: WordReading[];
}

export interface WordReading {
  text: string;
  confidence: number;
}

export interface Line {
  words: Word[];
  box: Box;
  text: string;
}

export interface Block {
  lines: Line[];
  box: Box;
}

/** A table as the source format states it (Word tables); PDF and image tables are found by position instead. */
export interface SourceTable {
  rows: string[][];
}

export interface Page {
  /** 1-based page number. */
  number: number;
  width: number;
  height: number;
  method: ReadMethod;
  words: Word[];
  lines: Line[];
  blocks: Block[];
  tables?: SourceTable[];
}

/** `xml`: an e-invoice sent as XML alone (UBL or CII). */
export type DocumentFormat = 'pdf' | 'png' | 'jpeg' | 'tiff' | 'docx' | 'doc' | 'xml';

export interface ReadDocument {
  format: DocumentFormat;
  pages: Page[];
  /** All page texts joined by lines, pages separated by a form feed. */
  text: string;
  /**
   * The structured e-invoice the file carries: the XML itself, or the XML a PDF embeds
   * (Factur-X / ZUGFeRD / XRechnung). Absent for documents without one.
   */
  einvoice?: EInvoice;
  /**
   * Why a PDF's embedded e-invoice XML could not be used (unsafe or malformed), worded to end the
   * sentence "… could not be read: {reason}" (e.g. "it is not well-formed XML"); absent otherwise.
   */
  einvoiceProblem?: string;
}

/** Where a value was read on the page. */
export interface ValueSource {
  page: number;
  box: Box;
}

export interface ExtractedValue {
  value: string | number | boolean | null;
  /** 0..1: how sure the engine is that the value is right (measured per band in the benchmark). */
  confidence: number;
  source: ValueSource | null;
  /** ISO 4217 code of a money value's currency, where the document shows it. */
  currency?: string;
  /** Where a value came from when not (only) from reading the page: the e-invoice XML. */
  origin?: ValueOrigin;
  /** Set when the optional AI model read the value: it alone, or it agreed with the engine. */
  model?: 'alone' | 'agreed';
  /** True when the value was read where reviewers showed this vendor prints it (a learned hint). */
  learned?: boolean;
}

/**
 * A value read from the document's e-invoice XML: its XPath, and for a PDF what the printed page
 * shows where that differs (a tampered or inconsistent invoice).
 */
export interface ValueOrigin {
  kind: 'einvoice';
  xpath: string;
  printed?: string | number | boolean | null;
}

export interface ExtractedTable {
  rows: Record<string, ExtractedValue>[];
}

export interface ExtractionResult {
  fields: Record<string, ExtractedValue>;
  tables: Record<string, ExtractedTable>;
}
