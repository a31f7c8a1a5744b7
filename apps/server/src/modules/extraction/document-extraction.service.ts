import type { FileExtractionResponse } from '@parser/contracts';
import type { ExtractionResult, ReadDocument } from '@parser/extraction';

import { type Engine, runForRequest } from '../../engine/engine.js';
import type {
  PipelineDocType,
  PipelineFiles,
  PipelineLearning,
  PipelineModelInput,
} from '../pipelines/pipeline-ports.js';

import { suggestedTypeOf } from './suggested-type.js';

/** The AI model's reading after the offline engine: the values to keep, and what was not used. */
export interface ModelReading {
  extracted: ExtractionResult;
  warnings: string[];
}

/** The optional AI model's pass over a document (the ai-model module). */
export interface ExtractionModel {
  /** A pipeline's document; undefined when the company turned the model off for the type. */
  improve(input: PipelineModelInput): Promise<ModelReading | undefined>;
  /** The type's test, read as its documents will be; undefined when the model is off for it. */
  improveTest(
    input: Omit<PipelineModelInput, 'pipelineId' | 'learnedHints'>,
  ): Promise<ModelReading | undefined>;
}

/** The optional AI model's proposals for Quick Setup (the ai-model module). */
export interface SuggestionModel {
  /** The offline suggestion with the model's proposals added; unchanged when the model fails. */
  improve(
    tenantId: string,
    doc: ReadDocument,
    fileName: string,
    offline: FileExtractionResponse,
  ): Promise<FileExtractionResponse>;
}

export interface DocumentExtractionDeps {
  files: Pick<PipelineFiles, 'read' | 'awaitReading'> & {
    get(tenantId: string, fileId: string): Promise<{ originalFilename: string }>;
  };
  engine: Engine;
  /** Absent in setups that do not learn from corrections. */
  learning?: PipelineLearning | undefined;
  /** Absent when no model is configured: the offline engine works alone. */
  model?: ExtractionModel | undefined;
  suggestionModel?: SuggestionModel | undefined;
}

/**
 * Who waits: a job reads the file in its own process and runs the engine as background work; a
 * request has the job worker read the file while it waits, and runs the engine ahead of
 * background work (a document past the engine's limits answers 422).
 */
export type ExtractionRunsIn = 'job' | 'request';

export interface ExtractionRequest {
  tenantId: string;
  fileId: string;
  docType: PipelineDocType;
  runsIn: ExtractionRunsIn;
  /** The hints of the document's vendor, when the company's reviewers taught them, apply. */
  learned: boolean;
  /**
   * The AI model's pass, when one is configured: for a pipeline's document (the calls are
   * counted to it, learned hints go in the prompt), for the type's test, or none.
   */
  model: { for: 'pipeline'; pipelineId: string; fileName: string } | { for: 'test' } | 'off';
}

export interface DocumentExtracted {
  document: ReadDocument;
  extracted: ExtractionResult;
  /** What of the model's answer was not used; undefined when no model pass ran. */
  modelWarnings?: string[];
  /** Why a PDF's embedded e-invoice XML was not read (its values came from the pages). */
  einvoiceProblem?: string;
}

/**
 * The one way a document is extracted: read (OCR included, cached) → the offline engine with the
 * type's fields and tables → the vendor's learned hints → the optional AI model. The extraction
 * job, extraction run again, the type's test and Quick Setup differ only in the request's options.
 */
export class DocumentExtraction {
  constructor(private readonly deps: DocumentExtractionDeps) {}

  async extract(request: ExtractionRequest): Promise<DocumentExtracted> {
    const { tenantId, fileId, docType } = request;
    const document = await this.read(tenantId, fileId, request.runsIn);
    const schema = {
      fields: docType.fields,
      tables: docType.tables,
      instructions: docType.extractionInstructions,
    };
    let extracted =
      request.runsIn === 'job'
        ? await this.deps.engine.run('extract', [document, schema])
        : await runForRequest(this.deps.engine, 'extract', [document, schema]);
    // What the company's reviewers taught about this vendor is applied right after the engine.
    const learning = request.learned ? this.deps.learning : undefined;
    if (learning) {
      extracted = await learning.applyLearned(tenantId, docType.id, document, docType, extracted);
    }
    const withModel = await this.modelPass(request, document, extracted);
    return {
      document,
      extracted: withModel?.extracted ?? extracted,
      ...(withModel ? { modelWarnings: withModel.warnings } : {}),
      ...(document.einvoiceProblem ? { einvoiceProblem: document.einvoiceProblem } : {}),
    };
  }

  /** Quick Setup: the fields and tables an example document suggests, with its values. */
  async suggest(tenantId: string, fileId: string): Promise<FileExtractionResponse> {
    const document = await this.read(tenantId, fileId, 'request');
    const { schema, found } = await runForRequest(this.deps.engine, 'suggest', [document]);
    const offline = suggestedTypeOf(schema, found);
    // With an AI model configured, its proposals are added to the offline suggestion.
    const model = this.deps.suggestionModel;
    return model ? model.improve(tenantId, document, 'example document', offline) : offline;
  }

  private read(tenantId: string, fileId: string, runsIn: ExtractionRunsIn): Promise<ReadDocument> {
    return runsIn === 'job'
      ? this.deps.files.read(tenantId, fileId)
      : this.deps.files.awaitReading(tenantId, fileId);
  }

  /**
   * The model reads the document after the offline engine; when it is off for the type, or its
   * answer cannot be used, the offline result stands (with warnings saying why).
   */
  private async modelPass(
    request: ExtractionRequest,
    doc: ReadDocument,
    offline: ExtractionResult,
  ): Promise<ModelReading | undefined> {
    const { model, learning } = this.deps;
    if (!model || request.model === 'off') return undefined;
    const { tenantId, fileId, docType } = request;
    const input = { tenantId, fileId, docTypeId: docType.id, docType, doc, offline };
    if (request.model.for === 'test') {
      const { originalFilename } = await this.deps.files.get(tenantId, fileId);
      return model.improveTest({ ...input, fileName: originalFilename });
    }
    const learnedHints =
      request.learned && learning
        ? await learning.promptExamples(tenantId, docType.id, doc, docType, offline)
        : [];
    return model.improve({
      ...input,
      pipelineId: request.model.pipelineId,
      fileName: request.model.fileName,
      learnedHints,
    });
  }
}
