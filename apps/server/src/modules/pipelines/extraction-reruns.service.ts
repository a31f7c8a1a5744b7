import { type ExtractionResult, RE_EXTRACTABLE_STEPS } from '@parser/contracts';

import type { Database } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import type { TenantAuth } from '../../plugins/auth.js';
import type { DocumentExtraction } from '../extraction/document-extraction.service.js';

import { type PipelineChecks, type PipelineDocTypes, reviewSchemaOf } from './pipeline-ports.js';
import type { PipelinesRepository } from './pipelines.repository.js';
import { requireDocTypeOf, stepName, staleVersion } from './review-guards.js';
import { diffReviewedData, reviewedDataFromExtraction } from './review-values.js';
import { personOf } from './state-machine/pipeline-history.js';
import type { PipelineStateMachine } from './state-machine/pipeline-state-machine.js';
import { followUpChanges, placeOfEdit } from './values-follow-up.js';

export interface ExtractionRerunsDeps {
  db: Database;
  pipelines: PipelinesRepository;
  state: PipelineStateMachine;
  docTypes: PipelineDocTypes;
  extraction: DocumentExtraction;
  /** Keeps derived values and checks true to the values when extraction changes them. */
  checks: PipelineChecks;
}

/** Extraction run again by hand: on a document being reviewed, or on a failed one. */
export class ExtractionReruns {
  constructor(private readonly deps: ExtractionRerunsDeps) {}

  /** Runs the engine on the document again now; the reviewer's values stay as they are. */
  async reExtract(auth: TenantAuth, pipelineId: string): Promise<void> {
    const id = assertId(pipelineId, 'Pipeline');
    const row = await this.deps.pipelines.findDetailed(auth.tenantId, id);
    if (!row) throw notFound('Pipeline');
    if (!RE_EXTRACTABLE_STEPS.includes(row.currentStep)) {
      throw new AppError('INVALID_STATE', {
        message: `Extraction can be run again only on documents in review or approval; this one is at ${stepName(row.currentStep)}`,
      });
    }
    const docType = await requireDocTypeOf(this.deps.docTypes, auth.tenantId, row.docTypeId);
    // Reading may OCR for seconds: on the job worker, outside the transaction that stores the
    // result. The offline engine reads it again, with the vendor's learned hints.
    const { extracted } = await this.deps.extraction.extract({
      tenantId: auth.tenantId,
      fileId: row.fileId,
      docType,
      runsIn: 'request',
      learned: true,
      model: 'off',
    });
    // Before a review is saved the screen shows the engine's values: new ones get their checks.
    const schema = reviewSchemaOf(docType);
    const followUp =
      row.reviewedData === null
        ? await this.deps.checks.followUp({
            tenantId: auth.tenantId,
            pipelineId: id,
            fileId: row.fileId,
            docType,
            extracted,
            reviewed: null,
            agentReport: row.agentReport,
            changed: diffReviewedData(
              reviewedDataFromExtraction(schema, row.extractedData as ExtractionResult | null),
              reviewedDataFromExtraction(schema, extracted),
            ).map(placeOfEdit),
            by: 're_extracted',
          })
        : undefined;
    await this.deps.db.transaction().execute(async (trx) => {
      const version = await this.deps.state.change(
        { tenantId: auth.tenantId, pipelineId: id },
        // The follow-up is of the values as read: stored only over those.
        { step: row.currentStep, ...(followUp ? { version: row.version } : {}) },
        followUp ? followUpChanges(followUp) : { extractedData: extracted },
        [{ kind: 're_extracted', data: {}, actor: personOf(auth) }, ...(followUp?.events ?? [])],
        trx,
      );
      if (version === undefined) throw staleVersion();
    });
  }

  /** Sends a failed pipeline through extraction again. */
  async retry(auth: TenantAuth, pipelineId: string): Promise<void> {
    const id = assertId(pipelineId, 'Pipeline');
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.deps.pipelines.findForUpdate(auth.tenantId, id, trx);
      if (!row) throw notFound('Pipeline');
      if (row.currentStep !== 'failed') {
        throw new AppError('INVALID_STATE', {
          message: `Only a failed document can be retried; this one is at ${stepName(row.currentStep)}`,
        });
      }
      const version = await this.deps.state.move(
        { tenantId: auth.tenantId, pipelineId: id },
        { name: 'retry', failedStep: row.failedStep, reason: row.failureReason },
        { actor: personOf(auth), version: row.version },
        trx,
      );
      if (version === undefined) throw staleVersion();
    });
  }
}
