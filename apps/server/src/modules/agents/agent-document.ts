import {
  type AgentChange,
  type ExtractionResult,
  ExtractionResultSchema,
  type ReviewedData,
  ReviewedDataSchema,
  type ValueRef,
} from '@parser/contracts';
import type { AgentDocument, ReadDocument } from '@parser/extraction';

import { AppError } from '../../lib/app-error.js';
import type { PipelineDocType } from '../pipelines/pipeline-ports.js';

/** The stored values an agent starts from, read strictly: damaged data fails this pipeline only. */
export function storedValues(
  extractedData: unknown,
  reviewedData: unknown,
): { extracted: ExtractionResult; reviewed: ReviewedData | null } {
  if (extractedData === null) {
    throw new AppError('INVALID_STATE', { message: 'This document has not been extracted yet' });
  }
  const extracted = ExtractionResultSchema.safeParse(extractedData);
  const reviewed = reviewedData === null ? null : ReviewedDataSchema.safeParse(reviewedData);
  if (!extracted.success || (reviewed && !reviewed.success)) {
    throw new AppError('INVALID_STATE', {
      message: 'The extracted data of this document cannot be read; extract it again',
    });
  }
  return { extracted: extracted.data, reviewed: reviewed?.data ?? null };
}

/**
 * The values as the review screen shows them: the reviewer's where a review was saved, each with
 * the engine's confidence and source for the same place.
 */
export function currentValues(
  extracted: ExtractionResult,
  reviewed: ReviewedData | null,
): ExtractionResult {
  if (!reviewed) return structuredClone(extracted);
  const fields: ExtractionResult['fields'] = {};
  for (const [key, value] of Object.entries(reviewed.fields)) {
    fields[key] = { ...(extracted.fields[key] ?? { confidence: 1, source: null }), value };
  }
  const tables: ExtractionResult['tables'] = {};
  for (const [key, rows] of Object.entries(reviewed.tables)) {
    tables[key] = {
      rows: rows.map((row, index) =>
        Object.fromEntries(
          Object.entries(row).map(([column, value]) => [
            column,
            {
              ...(extracted.tables[key]?.rows[index]?.[column] ?? { confidence: 1, source: null }),
              value,
            },
          ]),
        ),
      ),
    };
  }
  return { fields, tables };
}

export function agentDocumentOf(
  docType: PipelineDocType,
  values: ExtractionResult,
  locked: ValueRef[],
  reading: Pick<ReadDocument, 'text' | 'pages'>,
): AgentDocument {
  return {
    fields: docType.fields.map(({ key, label, type, required, aliases }) => ({
      key,
      label,
      type,
      required,
      ...(aliases ? { aliases } : {}),
    })),
    tables: docType.tables.map(({ key, label, columns }) => ({
      key,
      label,
      columns: columns.map(({ key: column, label: columnLabel, type, aliases }) => ({
        key: column,
        label: columnLabel,
        type,
        ...(aliases ? { aliases } : {}),
      })),
    })),
    values,
    locked,
    text: reading.text,
    pages: reading.pages,
  };
}

/**
 * Writes the data entry agent's changes into the stored values: the engine's cells take the new
 * value (with its confidence and currency), and a saved review takes the new value too, so the
 * screen shows it whichever the reviewer started from.
 */
export function applyChanges(
  extracted: ExtractionResult,
  reviewed: ReviewedData | null,
  improved: ExtractionResult,
  changes: readonly AgentChange[],
): { extracted: ExtractionResult; reviewed: ReviewedData | null } {
  const nextExtracted = structuredClone(extracted);
  const nextReviewed = reviewed ? structuredClone(reviewed) : null;
  for (const change of changes) {
    if (change.field !== undefined) {
      const cell = improved.fields[change.field];
      if (cell) nextExtracted.fields[change.field] = cell;
      if (nextReviewed) nextReviewed.fields[change.field] = change.new;
      continue;
    }
    if (change.table === undefined || change.row === undefined || change.column === undefined) {
      continue;
    }
    const cell = improved.tables[change.table]?.rows[change.row]?.[change.column];
    const extractedRow = nextExtracted.tables[change.table]?.rows[change.row];
    if (cell && extractedRow) extractedRow[change.column] = cell;
    const reviewedRow = nextReviewed?.tables[change.table]?.[change.row];
    if (reviewedRow) reviewedRow[change.column] = change.new;
  }
  return { extracted: nextExtracted, reviewed: nextReviewed };
}
