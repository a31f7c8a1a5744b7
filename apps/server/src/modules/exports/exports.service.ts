import type { Readable } from 'node:stream';

import {
  AgentReportSchema,
  type ExportConfig,
  type ExportDocument,
  type ExportFormatQuery,
  type ExportItem,
  type ExportPage,
  ExportSettingsSchema,
  defaultExportSettings,
  type ExtractionResult,
  type ListQuery,
  ListQuerySchema,
  type ReconReport,
  type ReviewedData,
  type ReviewSchema,
} from '@parser/contracts';

import type { FileRow } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import type { TenantAuth } from '../../plugins/auth.js';
import type { BlobStream } from '../../storage/blob-storage.js';
import { decodeCursor, listFilterId, pageOf } from '../../lib/list-pages.js';
import { toPipeline } from '../pipelines/pipeline-item.js';
import { type PipelineDocTypes, reviewSchemaOf } from '../pipelines/pipeline-ports.js';
import { reviewedDataFromExtraction } from '../pipelines/review-values.js';

import { exportCsv } from './export-csv.js';
import { buildExportDocument, type ExportSource } from './export-document.js';
import { exportXlsx } from './export-xlsx.js';
import { exportZip } from './export-zip.js';
import type { ExportsRepository, LatestDeliveryRow } from './exports.repository.js';

/** What exports need of the files module: the original document as a stream. */
export interface ExportFiles {
  open(tenantId: string, fileId: string): Promise<{ file: FileRow; blob: BlobStream }>;
}

export interface ExportsDeps {
  exports: ExportsRepository;
  docTypes: PipelineDocTypes;
  files: ExportFiles;
}

/** One approved document, ready to be written in any format. */
export interface LoadedExport {
  source: ExportSource;
  schema: ReviewSchema;
  fileId: string;
  config: ExportConfig;
}

/** A download: its file name, content type and body (a stream for the ZIP). */
export interface ExportDownload {
  fileName: string;
  contentType: string;
  body: string | Buffer | Readable;
}

const CONTENT_TYPES: Record<ExportFormatQuery, string> = {
  zip: 'application/zip',
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** Exports of approved documents: the downloads, the JSON document webhooks send, the list. */
export class ExportsService {
  constructor(private readonly deps: ExportsDeps) {}

  /** `exports_{id}.zip`, or `export_{id}.{format}` (spec section 9). */
  async download(
    auth: TenantAuth,
    pipelineId: string,
    format: ExportFormatQuery,
  ): Promise<ExportDownload> {
    const loaded = await this.load(auth.tenantId, pipelineId);
    const id = loaded.source.pipelineId;
    const exportedAt = new Date();
    const fileName = format === 'zip' ? `exports_${id}.zip` : `export_${id}.${format}`;
    const contentType = CONTENT_TYPES[format];
    switch (format) {
      case 'json':
        return { fileName, contentType, body: jsonText(this.document(loaded, { exportedAt })) };
      case 'csv':
        return { fileName, contentType, body: exportCsv(loaded.schema, loaded.source.data) };
      case 'xlsx':
        return { fileName, contentType, body: await exportXlsx(loaded.schema, loaded.source.data) };
      case 'zip': {
        // Generate everything before opening the original, so a failure answers an error rather
        // than a broken download.
        const json = jsonText(this.document(loaded, { exportedAt }));
        const csv = exportCsv(loaded.schema, loaded.source.data);
        const xlsx = await exportXlsx(loaded.schema, loaded.source.data);
        const { file, blob } = await this.deps.files.open(auth.tenantId, loaded.fileId);
        const body = exportZip(
          {
            name: loaded.source.file.name,
            stream: blob.stream,
            size: blob.size,
            sha256: file.sha256,
          },
          [
            { name: `export_${id}.json`, bytes: Buffer.from(json) },
            { name: `export_${id}.csv`, bytes: Buffer.from(csv) },
            { name: `export_${id}.xlsx`, bytes: xlsx, compressed: true },
          ],
          {
            pipeline_id: id,
            document_type: loaded.source.docType,
            generated_at: exportedAt.toISOString(),
          },
        );
        return { fileName, contentType, body };
      }
    }
  }

  /**
   * An approved document with its type's export settings. Another tenant's id answers 404; a
   * document that is not approved yet answers 409.
   */
  async load(tenantId: string, pipelineId: string): Promise<LoadedExport> {
    const id = assertId(pipelineId, 'Pipeline');
    const row = await this.deps.exports.findExportable(tenantId, id);
    if (!row) throw notFound('Pipeline');
    if (row.currentStep !== 'completed') {
      throw new AppError('INVALID_STATE', {
        message: `Only approved documents can be exported; this one is at ${row.currentStep.replace('_', ' ')}`,
      });
    }
    const docType = await this.deps.docTypes.findForPipeline(tenantId, row.docTypeId);
    if (!docType) throw notFound('Pipeline');
    const schema = reviewSchemaOf(docType);
    const settings = ExportSettingsSchema.safeParse(row.exportSettings);
    const extracted = row.extractedData as ExtractionResult | null;
    return {
      schema,
      fileId: row.fileId,
      config: (settings.success ? settings.data : defaultExportSettings()).config,
      source: {
        pipelineId: row.id,
        docType: { id: row.docTypeId, name: row.docTypeName },
        file: {
          name: row.originalFilename,
          contentType: row.contentType,
          pages: row.pages,
          uploadedAt: new Date(row.uploadedAt),
        },
        approvedBy: row.approverEmail,
        approvedAt: row.approvedAt ? new Date(row.approvedAt) : null,
        data:
          (row.reviewedData as ReviewedData | null) ??
          reviewedDataFromExtraction(schema, extracted),
        rawExtraction: extracted,
        reconciliation: reconciliationOf(row.agentReport),
      },
    };
  }

  /** The JSON export of a loaded document (the webhook body when `event` is given). */
  document(
    loaded: LoadedExport,
    options: { exportedAt: Date; event?: 'document.approved' },
  ): ExportDocument {
    return buildExportDocument(loaded.source, loaded.config, options);
  }

  /** Approved documents, most recently approved first, with their latest webhook delivery. */
  async list(auth: TenantAuth, query: ListQuery): Promise<ExportPage> {
    const { doc_type_id, limit, cursor } = ListQuerySchema.parse(query);
    const rows = await this.deps.exports.listApproved(auth.tenantId, {
      docTypeId: listFilterId(doc_type_id),
      after: decodeCursor(cursor),
      limit: limit + 1,
    });
    return pageOf(rows, limit, (row): ExportItem => ({
      ...toPipeline(row),
      approved_at: iso(row.approvedAt),
      approved_by: row.approverEmail,
      latest_delivery: row.delivery ? toLatestDelivery(row.delivery) : null,
    }));
  }
}

const jsonText = (document: ExportDocument) => `${JSON.stringify(document, null, 2)}\n`;

function toLatestDelivery(row: LatestDeliveryRow): NonNullable<ExportItem['latest_delivery']> {
  return {
    ...row,
    next_attempt_at: iso(row.next_attempt_at),
    created_at: new Date(row.created_at).toISOString(),
    delivered_at: iso(row.delivered_at),
  };
}

/**
 * The reconciliation report of the approved values (the checks run again whenever the values
 * changed), or null when the document has no checks (or the report is unreadable).
 */
function reconciliationOf(agentReport: unknown): ReconReport | null {
  const parsed = AgentReportSchema.safeParse(agentReport);
  return parsed.success ? parsed.data.reconciliation : null;
}
