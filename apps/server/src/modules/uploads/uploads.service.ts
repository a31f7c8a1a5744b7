import {
  type CreateUploadBody,
  CreateUploadBodySchema,
  type UploadCreated,
  type ValidateUploadBody,
  type ValidationResult,
} from '@parser/contracts';
import type { ReadDocument } from '@parser/extraction';

import type { Database } from '../../db/client.js';
import { type Engine, runForRequest } from '../../engine/engine.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import type { TenantAuth } from '../../plugins/auth.js';
import type { FilesService } from '../files/files.service.js';
import type { PipelineDocTypes, PipelineFiles } from '../pipelines/pipeline-ports.js';
import { personOf } from '../pipelines/state-machine/pipeline-history.js';
import type { PipelineStateMachine } from '../pipelines/state-machine/pipeline-state-machine.js';

import { checkChosenType } from './type-check.js';

export interface UploadsDeps {
  db: Database;
  docTypes: PipelineDocTypes;
  files: PipelineFiles & Pick<FilesService, 'get' | 'findMany'>;
  engine: Engine;
  /** Starts the pipelines of an upload (each with its extraction job). */
  pipelineState: Pick<PipelineStateMachine, 'start'>;
}

/** Checking files against a document type, and turning a batch of files into pipelines. */
export class UploadsService {
  constructor(private readonly deps: UploadsDeps) {}

  async validate(auth: TenantAuth, body: ValidateUploadBody): Promise<ValidationResult> {
    const docTypeId = assertId(body.docTypeId, 'Document type');
    const fileId = assertId(body.fileId, 'File');
    const types = await this.deps.docTypes.listForPipeline(auth.tenantId);
    const chosen = types.find((type) => type.id === docTypeId);
    if (!chosen) throw notFound('Document type');
    await this.deps.files.get(auth.tenantId, fileId);

    let document: ReadDocument;
    try {
      document = await this.deps.files.awaitReading(auth.tenantId, fileId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'EXTRACTION_FAILED') {
        return { matchedDocTypeId: null, reason: error.message, score: 0 };
      }
      throw error;
    }
    let classification;
    try {
      classification = await runForRequest(this.deps.engine, 'classify', [document, types]);
    } catch (error) {
      // The file was read, so it can be processed; only the check of its content is missing.
      if (error instanceof AppError && error.code === 'EXTRACTION_FAILED') {
        return {
          matchedDocTypeId: chosen.id,
          reason: `Its content could not be checked (${error.message}); it is processed as ${chosen.name}`,
          score: 0,
        };
      }
      throw error;
    }
    return checkChosenType(classification, types, chosen);
  }

  /**
   * One pipeline per file at step extraction, and its extraction job, in one transaction; answers
   * at once while extraction runs in the background.
   */
  async create(auth: TenantAuth, input: CreateUploadBody): Promise<UploadCreated> {
    const body = CreateUploadBodySchema.parse(input);
    const docTypeId = assertId(body.docTypeId, 'Document type');
    const fileIds = [...new Set(body.files.map((id) => assertId(id, 'File')))];
    if (!(await this.deps.docTypes.findForPipeline(auth.tenantId, docTypeId))) {
      throw notFound('Document type');
    }
    return this.deps.db.transaction().execute(async (trx) => {
      const files = await this.deps.files.findMany(auth.tenantId, fileIds, trx);
      if (files.length !== fileIds.length) throw notFound('File');
      const byId = new Map(files.map((file) => [file.id, file]));
      const { uploadId, pipelineIds } = await this.deps.pipelineState.start(
        {
          tenantId: auth.tenantId,
          docTypeId,
          files: fileIds.map((fileId) => byId.get(fileId)!),
          actor: personOf(auth),
        },
        trx,
      );
      return { upload_id: uploadId, pipeline_ids: pipelineIds };
    });
  }
}
