import type { ReadDocument } from '../document.js';
import { runDataEntry } from '../agents/data-entry/index.js';
import { runReconciliation } from '../agents/reconciliation/index.js';
import { withEInvoiceSuggestion } from '../einvoice/suggest-fields.js';
import { classifyDocument } from '../extract/classify.js';
import { extractBySchema } from '../extract/index.js';
import { suggestSchema } from '../extract/suggest.js';
import { applyHints } from '../learning/apply-hints.js';
import { lessonFrom } from '../learning/lesson.js';
import { inspectDocument } from '../reading/inspect-document.js';
import { readAndPack } from '../reading/packed-reading.js';
import { readDocument } from '../reading/read-document.js';
import { renderPageImage } from '../reading/render-page.js';

/** Quick Setup: the fields and tables an example suggests, and the values the example gives them. */
export function suggestFromExample(doc: ReadDocument) {
  // An e-invoice example suggests the terms its XML carries, besides what its pages show.
  const schema = doc.einvoice
    ? withEInvoiceSuggestion(suggestSchema(doc), doc.einvoice)
    : suggestSchema(doc);
  return { schema, found: extractBySchema(doc, schema) };
}

/** The text of a document, for a company's knowledge passages. */
async function readText(bytes: Uint8Array, fileName?: string): Promise<string> {
  return (await readDocument(bytes, fileName)).text;
}

/**
 * The engine's work that may take long or much memory on a hostile document, by name: what an
 * engine worker thread runs (engine-worker.ts). Arguments and results cross between threads, so
 * they are plain data; errors keep their kind (engine-task-errors.ts).
 */
export const ENGINE_TASKS = {
  /** Reads a document and packs the reading for keeping (packed-reading.ts). */
  read: readAndPack,
  readText,
  inspect: inspectDocument,
  renderPage: renderPageImage,
  extract: extractBySchema,
  suggest: suggestFromExample,
  classify: classifyDocument,
  dataEntry: runDataEntry,
  reconcile: runReconciliation,
  applyHints,
  lessonFrom,
} as const;

export type EngineTasks = typeof ENGINE_TASKS;
export type EngineTaskName = keyof EngineTasks;

/** How a clerk is told what the engine was doing: "took longer than 120 s {phrase}". */
export const TASK_PHRASES: Record<EngineTaskName, string> = {
  read: 'to read',
  readText: 'to read',
  inspect: 'to check',
  renderPage: 'to show as a page',
  extract: 'to extract',
  suggest: 'to suggest fields from',
  classify: 'to check against its document type',
  dataEntry: 'for the data entry agent',
  reconcile: 'for the reconciliation agent',
  applyHints: 'to apply what reviewers taught about its vendor',
  lessonFrom: 'to learn from',
};
