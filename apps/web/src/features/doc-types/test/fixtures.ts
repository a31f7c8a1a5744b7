import {
  type DocType,
  DocTypeSchema,
  type DocTypeTestResult,
  DocTypeTestResultSchema,
  type FileExtractionResponse,
  FileExtractionResponseSchema,
  PRESETS,
  type UploadedFile,
  UploadedFileSchema,
} from '@parser/contracts';
import type { z } from 'zod';

/** A stored document type as the API answers it, parsed through the contract. */
export function docTypeFixture(overrides: Partial<z.input<typeof DocTypeSchema>> = {}): DocType {
  return DocTypeSchema.parse({
    id: 'dt-1',
    name: 'Invoice',
    description: '',
    presetKey: null,
    fields: [],
    tables: [],
    agentsEnabled: { extract: true, data_entry: false, recon: false },
    data_entry_enabled: false,
    recon_enabled: false,
    extractionInstructions: '',
    dataEntryInstructions: '',
    referenceDocuments: [],
    exportSettings: {},
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    ...overrides,
  });
}

/** The invoice preset saved with both agents, as the list shows it. */
export function invoiceDocType(overrides: Partial<z.input<typeof DocTypeSchema>> = {}): DocType {
  const preset = PRESETS.invoice;
  return docTypeFixture({
    name: preset.name,
    description: preset.description,
    presetKey: 'invoice',
    fields: preset.fields,
    tables: preset.tables,
    agentsEnabled: { extract: true, data_entry: true, recon: true },
    data_entry_enabled: true,
    recon_enabled: true,
    ...overrides,
  });
}

export function uploadedFileFixture(overrides: Partial<UploadedFile> = {}): UploadedFile {
  return UploadedFileSchema.parse({
    fileId: 'file-1',
    pages: 1,
    fileName: 'example.pdf',
    contentType: 'application/pdf',
    size: 1234,
    sha256: 'a'.repeat(64),
    error: null,
    ...overrides,
  });
}

export function suggestionFixture(
  result: z.input<typeof FileExtractionResponseSchema>['extraction_result'],
): FileExtractionResponse {
  return FileExtractionResponseSchema.parse({ extraction_result: result });
}

export function testResultFixture(
  result: Omit<z.input<typeof DocTypeTestResultSchema>, 'pages'>,
): DocTypeTestResult {
  return DocTypeTestResultSchema.parse({ pages: 1, ...result });
}

/** A small PDF-looking file for upload inputs (the server, not the browser, checks contents). */
export function pdfFile(name = 'example.pdf'): File {
  return new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' });
}
