import { fetchBlob, saveBlob } from '@/lib/fetch-blob';

/** Spec section 9: the ZIP export's file name. */
export const exportZipName = (id: string) => `exports_${id}.zip`;

/** GET /api/pipelines/:id/export: the ZIP, saved as exports_{id}.zip. */
export async function downloadExport(id: string): Promise<void> {
  const blob = await fetchBlob(`/api/pipelines/${encodeURIComponent(id)}/export`);
  saveBlob(blob, exportZipName(id));
}
