import { PIPELINE_STEPS, type PipelineStep } from '@parser/contracts';

import type { PipelineRow } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';

import type { PipelineDocType, PipelineDocTypes } from './pipeline-ports.js';

/** A step as people read it in a sentence: "this one is at review". */
export const stepName = (step: PipelineStep): string => PIPELINE_STEPS[step].name;

/** 409 INVALID_STATE unless the document is at `step`: "…, so it cannot be `verb` now". */
export function requireStep(
  row: Pick<PipelineRow, 'currentStep'>,
  step: PipelineStep,
  verb: string,
): void {
  if (row.currentStep === step) return;
  throw new AppError('INVALID_STATE', {
    message: `This document is at ${stepName(row.currentStep)}, so it cannot be ${verb} now`,
  });
}

/** 409 CONFLICT unless the document is still at the version the person loaded. */
export function requireVersion(row: Pick<PipelineRow, 'version'>, version: number): void {
  if (row.version !== version) throw staleVersion();
}

export const staleVersion = () =>
  new AppError('CONFLICT', {
    message:
      'Someone else changed this document while you were working on it. Reload to see their changes.',
  });

/** The type of a pipeline a person works on. */
export async function requireDocTypeOf(
  docTypes: PipelineDocTypes,
  tenantId: string,
  docTypeId: string,
): Promise<PipelineDocType> {
  const docType = await docTypes.findForPipeline(tenantId, docTypeId);
  // The foreign key keeps a type while pipelines use it; this guards a concurrent forced delete.
  if (!docType) throw notFound('Pipeline');
  return docType;
}
