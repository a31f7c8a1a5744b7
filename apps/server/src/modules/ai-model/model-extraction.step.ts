import type { ExtractionResult } from '@parser/extraction';
import type { FastifyBaseLogger } from 'fastify';

import type { PipelineModelInput } from '../pipelines/pipeline-ports.js';

import type { ModelCallsRepository } from './model-calls.repository.js';
import { ModelCallError, type ModelClient } from './model-client.js';
import { noteMessages } from './model-notes.js';
import type { PageImages } from './page-images.js';
import { readWithModel } from './read-with-model.js';

export type ModelStepInput = PipelineModelInput;

/** The wizard's Test step: a file read with a type (often its temporary copy), no pipeline. */
export type ModelTestInput = Omit<ModelStepInput, 'pipelineId' | 'learnedHints'>;

/** The model's reading: the values to keep, and the warnings that say what was not used. */
export interface ModelPassResult {
  extracted: ExtractionResult;
  warnings: string[];
}

export interface ModelExtractionDeps {
  client: ModelClient;
  calls: ModelCallsRepository;
  pageImages: PageImages;
  log: FastifyBaseLogger;
}

/** Rejected values named in one history entry at most; the rest are counted. */
const REJECTED_NAMED = 10;

/**
 * The model's pass over a document after the offline engine. It never fails the pipeline: a
 * timeout, an HTTP error, invalid JSON or an answer that fails the schema keeps the offline result
 * and leaves a warning in the history; values the model got wrong are left out one by one. The
 * wizard's Test step runs the same pass, so a test shows what documents of the type will get.
 */
export class ModelExtractionStep {
  constructor(private readonly deps: ModelExtractionDeps) {}

  /**
   * A pipeline's reading, with the warnings its history records; undefined when the company
   * turned the model off for this type: the offline result stands.
   */
  async improve(input: ModelStepInput): Promise<ModelPassResult | undefined> {
    if (!(await this.deps.calls.usesModel(input.tenantId, input.docTypeId))) return undefined;
    return this.read(input, input.pipelineId, input.learnedHints ?? []);
  }

  /**
   * The Test step's reading, the same as a pipeline's, so the test shows what documents of the
   * type will get; the warnings go back in the answer. Undefined when the type (or, for the
   * wizard's temporary copy, the type being edited) has the model turned off.
   */
  async improveTest(input: ModelTestInput): Promise<ModelPassResult | undefined> {
    if (!(await this.deps.calls.usesModelInTest(input.tenantId, input.docTypeId))) return undefined;
    return this.read(input, null, []);
  }

  /** The model's pass; a failure keeps the offline result and says why. */
  private async read(
    input: ModelTestInput,
    pipelineId: string | null,
    learnedHints: readonly string[],
  ): Promise<ModelPassResult> {
    const { docType, doc } = input;
    const warnings: string[] = [];
    let extracted = input.offline;
    const images = await this.visionImages(input);
    const record = this.recorder(input.tenantId, pipelineId);
    try {
      const reading = await readWithModel({
        client: this.deps.client,
        docType,
        doc,
        fileName: input.fileName,
        offline: input.offline,
        pageImages: images,
        learnedHints,
      });
      extracted = reading.merged;
      await record('used', reading.model, reading.usage, reading.latencyMs, null);
      if (reading.rejected.length > 0) warnings.push(describeRejected(reading.rejected));
      warnings.push(...noteMessages(reading.notes));
    } catch (error) {
      if (!(error instanceof ModelCallError)) throw error;
      this.deps.log.warn(
        { modelFailure: error.facts, pipelineId },
        'model extraction fell back to offline',
      );
      await record('fallback', error.model, error.usage, error.latencyMs, error.message);
      warnings.push(`${error.message}; the offline engine's values were kept.`);
    }
    return { extracted, warnings };
  }

  /** Page images for the vision model, when one is set and the document has scanned pages. */
  private async visionImages(input: ModelTestInput): Promise<Uint8Array[]> {
    if (!this.deps.client.settings.visionModel) return [];
    try {
      return await this.deps.pageImages.ofScannedPages(input.tenantId, input.fileId, input.doc);
    } catch (error) {
      // The text still goes to the text model; a page that will not render is no reason to stop.
      this.deps.log.warn({ err: error, fileId: input.fileId }, 'page images for the model failed');
      return [];
    }
  }

  /** Records each request for usage and Settings' last error; a test's has no pipeline. */
  private recorder(tenantId: string, pipelineId: string | null) {
    return (
      outcome: 'used' | 'fallback',
      model: string,
      usage: { inputTokens: number; outputTokens: number },
      latencyMs: number,
      error: string | null,
    ) =>
      this.deps.calls.insert({
        tenantId,
        pipelineId,
        purpose: 'extraction',
        model,
        outcome,
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        latencyMs,
        error,
      });
  }
}

function describeRejected(rejected: { place: string; value: unknown; reason: string }[]): string {
  const named = rejected
    .slice(0, REJECTED_NAMED)
    .map(({ place, value, reason }) => `${place} ("${String(value)}") ${reason}`);
  const more =
    rejected.length > REJECTED_NAMED ? `, and ${rejected.length - REJECTED_NAMED} more` : '';
  return `The model's value for ${named.join('; ')}${more}: the offline engine's value was kept.`;
}
