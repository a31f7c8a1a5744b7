// The snapshot of Node's built-ins is taken before pdfjs (and the core-js inside it) is evaluated:
// this import stays first.
import { restoreNativeBuiltins } from './native-builtins.js';

import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';

/**
 * pdfjs for this process. Its worker code runs in this thread (pdfjs's "fake worker" in Node) and
 * is loaded here rather than on the first document, so the native built-ins that both bundles
 * replace are put back once, before any document is read.
 */
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

// the native built-ins both bundles replaced (Array.prototype.push on Node 20) are put back
restoreNativeBuiltins();

export const { getDocument, PagesMapper, Util } = pdfjs;
export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
