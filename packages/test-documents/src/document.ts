/** A generated file, as a browser would upload it. */
export interface GeneratedDocument {
  bytes: Uint8Array;
  fileName: string;
  /** The content type of the bytes (what the server should detect, whatever the name says). */
  contentType: string;
}

export const CONTENT_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  tiff: 'image/tiff',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;
