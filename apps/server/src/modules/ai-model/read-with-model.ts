import type { ExtractionResult, ReadDocument } from '@parser/extraction';

import type { PipelineDocType } from '../pipelines/pipeline-ports.js';

import { extractionMessages, extractionSchema, extractionSystem } from './extraction-request.js';
import { mergeModelValues, type RejectedValue } from './merge-model-values.js';
import type { ModelClient, TokenUse } from './model-client.js';
import type { ModelNote } from './model-notes.js';

export interface ModelReading {
  /** The offline result with the model's valid values merged in. */
  merged: ExtractionResult;
  rejected: RejectedValue[];
  /** Suggestions the page did not support and values it does not print, for the history. */
  notes: ModelNote[];
  model: string;
  usage: TokenUse;
  latencyMs: number;
}

/**
 * One document read by the model after the offline engine: the type's schema and the document's
 * text (and page images, for a vision model) go out, the answer is merged field by field. Throws
 * ModelCallError when the model gives no usable answer. Shared by the pipeline step and the
 * accuracy benchmark, so both measure the same thing.
 */
export async function readWithModel(input: {
  client: ModelClient;
  docType: PipelineDocType;
  doc: ReadDocument;
  fileName: string;
  offline: ExtractionResult;
  pageImages?: readonly Uint8Array[];
  learnedHints?: readonly string[];
}): Promise<ModelReading> {
  const images = input.pageImages ?? [];
  const answer = await input.client.generate({
    schema: extractionSchema(input.docType),
    name: 'document_values',
    system: extractionSystem(input.docType, input.learnedHints),
    messages: extractionMessages(input.doc, input.fileName, images),
    vision: images.length > 0,
  });
  const { merged, rejected, notes } = mergeModelValues(
    input.docType,
    input.offline,
    answer.object,
    input.doc,
  );
  return {
    merged,
    rejected,
    notes,
    model: answer.model,
    usage: answer.usage,
    latencyMs: answer.latencyMs,
  };
}
