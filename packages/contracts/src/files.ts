import { z } from 'zod';

import { ColumnType, FieldType } from './presets.js';

/** Formats accepted for documents, identified by their bytes, never by the file name. */
export const DocumentFileFormat = z.enum(['pdf', 'png', 'jpeg', 'tiff', 'doc', 'docx', 'xml']);
export type DocumentFileFormat = z.infer<typeof DocumentFileFormat>;

/** What the upload controls offer (spec section 9); TIFF is accepted as well. */
export const UPLOAD_EXTENSIONS = ['png', 'jpg', 'jpeg', 'pdf', 'doc', 'docx'] as const;

export const UploadedFileSchema = z.object({
  fileId: z.string(),
  /** Page count; 0 when the document cannot be read (the reason is in `error`). */
  pages: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** Set when the file was stored but cannot be read (corrupt or encrypted PDF, damaged image). */
  error: z.string().nullable(),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

/** Quick Setup's answer: a suggested schema for the example document (spec "Extraction response"). */
export const SuggestedFieldSchema = z.object({
  label: z.string(),
  type: FieldType,
  /** The value printed on the example, so the admin sees why the field was suggested. */
  value: z.string().nullable(),
});
export const SuggestedTableSchema = z.object({
  label: z.string(),
  columns: z.record(z.string(), z.object({ label: z.string(), type: ColumnType })),
});
export const FileExtractionResponseSchema = z.object({
  extraction_result: z.object({
    fields: z.record(z.string(), SuggestedFieldSchema),
    tables: z.record(z.string(), SuggestedTableSchema),
  }),
});
export type FileExtractionResponse = z.infer<typeof FileExtractionResponseSchema>;

export const TextLayerBodySchema = z.object({
  fileId: z.string({ error: 'fileId is required' }),
});
export const TextLayerWordSchema = z.object({
  text: z.string(),
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  confidence: z.number(),
});
export const TextLayerPageSchema = z.object({
  number: z.number().int(),
  width: z.number(),
  height: z.number(),
  method: z.enum(['text_layer', 'ocr', 'word']),
  text: z.string(),
  words: z.array(TextLayerWordSchema),
});
export const TextLayerSchema = z.object({
  fileId: z.string(),
  pages: z.array(TextLayerPageSchema),
});
export type TextLayer = z.infer<typeof TextLayerSchema>;

/** Knowledge documents the agents read: PDF, CSV, plain text, PNG, JPEG. */
export const RagDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  originalFilename: z.string(),
  contentType: z.string(),
  fileSize: z.number().int(),
  /** Characters of text extracted at upload (0 when nothing readable was found). */
  textLength: z.number().int(),
  created_at: z.string(),
});
export type RagDocument = z.infer<typeof RagDocumentSchema>;
export const RagDocumentListSchema = z.array(RagDocumentSchema);
export const RagUploadResultSchema = z.object({ id: z.string(), name: z.string() });
