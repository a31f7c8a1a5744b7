import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

import yazl from 'yazl';

/** A generated file of the ZIP export. */
export interface ZipFileEntry {
  name: string;
  bytes: Buffer;
  /** Already compressed (xlsx is itself a ZIP): stored as is. */
  compressed?: boolean;
}

/** The uploaded document, streamed from storage; its size and sha256 were recorded at upload. */
export interface ZipOriginalEntry {
  name: string;
  stream: Readable;
  size: number;
  sha256: string;
}

export interface ZipManifestBase {
  pipeline_id: string;
  document_type: { id: string; name: string };
  generated_at: string;
}

export const MANIFEST_NAME = 'manifest.json';

/** Formats that compress no further; storing them saves time. */
const STORED_EXTENSIONS = /\.(pdf|png|jpe?g|tiff?|docx|xlsx|zip)$/i;

/**
 * The ZIP export as a stream: the original document under its own name, the generated files, and
 * manifest.json listing every entry's name, size and sha256. The original is streamed, never held
 * in memory.
 */
export function exportZip(
  original: ZipOriginalEntry,
  files: readonly ZipFileEntry[],
  manifest: ZipManifestBase,
): Readable {
  const zip = new yazl.ZipFile();
  const mtime = new Date(manifest.generated_at);
  const originalName = uniqueOriginalName(
    original.name,
    files.map((file) => file.name),
  );
  zip.addReadStream(original.stream, originalName, {
    mtime,
    size: original.size,
    compress: !STORED_EXTENSIONS.test(originalName),
  });
  for (const file of files) {
    zip.addBuffer(file.bytes, file.name, { mtime, compress: !file.compressed });
  }
  const listing = {
    ...manifest,
    files: [
      { name: originalName, size: original.size, sha256: original.sha256 },
      ...files.map((file) => ({
        name: file.name,
        size: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
      })),
    ],
  };
  zip.addBuffer(Buffer.from(JSON.stringify(listing, null, 2)), MANIFEST_NAME, { mtime });
  zip.end();
  const output = zip.outputStream as Readable;
  // A storage read error ends the download instead of leaving the client waiting.
  original.stream.once('error', (error) => output.destroy(error));
  return output;
}

/** The original's name, unless a generated file (or the manifest) already has it. */
function uniqueOriginalName(name: string, taken: readonly string[]): string {
  const plain = name.split(/[\\/]/).pop() || 'document';
  return [...taken, MANIFEST_NAME].includes(plain) ? `original_${plain}` : plain;
}
