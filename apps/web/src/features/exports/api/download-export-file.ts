import { fetchBlob, saveBlob } from '@/lib/fetch-blob';

/** The single-file export formats; the ZIP (all of them together) is the default download. */
export type ExportFileFormat = 'json' | 'csv' | 'xlsx';

/** Spec section 9: a single-format export's file name. */
export const exportFileName = (id: string, format: ExportFileFormat) => `export_${id}.${format}`;

/**
 * GET /api/pipelines/:id/export?format=…: fetched with the bearer token (a plain link cannot send
 * it) and saved as export_{id}.{format}.
 */
export async function downloadExportFile(id: string, format: ExportFileFormat): Promise<void> {
  const blob = await fetchBlob(`/api/pipelines/${encodeURIComponent(id)}/export?format=${format}`);
  saveBlob(blob, exportFileName(id, format));
}
