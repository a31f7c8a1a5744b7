import type {
  ExportConfig,
  ExportDocument,
  ExportMetadata,
  ExtractionResult,
  ReviewedData,
} from '@parser/contracts';

/** Everything an export of one approved document is made from. */
export interface ExportSource {
  pipelineId: string;
  docType: { id: string; name: string };
  file: { name: string; contentType: string; pages: number; uploadedAt: Date };
  approvedBy: string | null;
  approvedAt: Date | null;
  /** The approved values: numbers and amounts as numbers, dates as YYYY-MM-DD strings. */
  data: ReviewedData;
  /** The engine's output (values with confidence and source boxes), for include_raw. */
  rawExtraction: ExtractionResult | null;
  /** The reconciliation agent's report, for include_recon; null while no agent has run. */
  reconciliation: unknown;
}

export type ExportInclusions = Pick<
  ExportConfig,
  'include_metadata' | 'include_raw' | 'include_recon'
>;

/**
 * The JSON export, which is also the webhook body: the approved values as they were approved
 * (types kept), plus what the type's export settings include.
 */
export function buildExportDocument(
  source: ExportSource,
  include: ExportInclusions,
  options: { exportedAt: Date; event?: 'document.approved' },
): ExportDocument {
  return {
    ...(options.event ? { event: options.event } : {}),
    data: source.data,
    ...(include.include_metadata ? { metadata: exportMetadata(source, options.exportedAt) } : {}),
    ...(include.include_raw ? { raw_extraction: source.rawExtraction } : {}),
    ...(include.include_recon ? { reconciliation: source.reconciliation ?? null } : {}),
    ...currenciesPart(source.rawExtraction),
    ...learnedPart(source.rawExtraction, source.data),
  };
}

/**
 * The fields whose approved value is the one read where reviewers showed this vendor prints it
 * (a learned hint): sent only when there are any. A value the reviewer changed is not listed.
 */
function learnedPart(
  raw: ExtractionResult | null,
  data: ReviewedData,
): { learned_fields?: string[] } {
  const learned = Object.entries(raw?.fields ?? {}).flatMap(([key, value]) => {
    const approved = data.fields[key] ?? null;
    const kept =
      typeof value.value === 'number' && typeof approved === 'number'
        ? Math.abs(value.value - approved) < 0.005
        : String(value.value) === String(approved);
    return value.learned && kept ? [key] : [];
  });
  return learned.length ? { learned_fields: learned } : {};
}

/** The currencies the engine read beside money fields: sent only when it found any. */
function currenciesPart(raw: ExtractionResult | null): { currencies?: Record<string, string> } {
  const currencies = Object.fromEntries(
    Object.entries(raw?.fields ?? {}).flatMap(([key, value]) =>
      value.currency ? [[key, value.currency]] : [],
    ),
  );
  return Object.keys(currencies).length ? { currencies } : {};
}

function exportMetadata(source: ExportSource, exportedAt: Date): ExportMetadata {
  return {
    pipeline_id: source.pipelineId,
    document_type: source.docType,
    file_name: source.file.name,
    content_type: source.file.contentType,
    pages: source.file.pages,
    uploaded_at: source.file.uploadedAt.toISOString(),
    approved_by: source.approvedBy,
    approved_at: source.approvedAt ? source.approvedAt.toISOString() : null,
    exported_at: exportedAt.toISOString(),
  };
}
