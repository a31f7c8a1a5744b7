import type { ValueRef } from '@parser/contracts';

import type { ValuesFollowUp } from './pipeline-ports.js';
import type { PipelineValueChanges } from './pipelines.repository.js';
import type { ValueEdit } from './review-values.js';

/** Where an edit sits, as the agents name places. */
export const placeOfEdit = (edit: ValueEdit): ValueRef =>
  edit.field !== undefined
    ? { field: edit.field }
    : { table: edit.table, row: edit.row, column: edit.column };

/** The stored columns a follow-up of changed values changes. */
export function followUpChanges(followUp: ValuesFollowUp): PipelineValueChanges {
  return {
    extractedData: followUp.extracted,
    ...(followUp.agentReport ? { agentReport: followUp.agentReport } : {}),
    ...(followUp.duplicateKey !== undefined ? { duplicateKey: followUp.duplicateKey } : {}),
  };
}
