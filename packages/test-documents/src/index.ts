/**
 * Real documents generated in memory for server tests, end-to-end tests and benchmarks, so the
 * repository holds no binary fixtures and every value a test checks is visible where it is made.
 */
export { CONTENT_TYPES, type GeneratedDocument } from './document.js';
export { multiPageTiffBytes, pngToJpeg, textImagePng, type TextImageOptions } from './images.js';
export {
  invoiceData,
  invoicePdf,
  invoiceTextLines,
  printedAmount,
  printedDate,
  receiptImage,
  scannedInvoicePdf,
  type Invoice,
  type InvoiceOptions,
  type LineItem,
  type LineItemInput,
  type Party,
  type Receipt,
  type ReceiptOptions,
} from './invoice.js';
export { invoiceDocx } from './word.js';
export { corruptPdf, encryptedPdf, windowsProgram } from './broken.js';
export { multiPageTiff, textPdf } from './pages.js';
export { pdfBytes } from './pdf.js';
export { blankPng, paddedDocx } from './oversized.js';
export { damagedWordDoc, legacyWordDoc, overclaimingDoc, repeatedTextDoc } from './legacy-word.js';
export * from './corpus/index.js';
export * from './receipts/index.js';
export * from './business-documents/index.js';
export {
  addressLine,
  billionLaughsXml,
  ciiXml,
  ciiXRechnung,
  einvoiceData,
  FACTUR_X_PROFILES,
  facturXPdf,
  PROFILES,
  truncatedInvoiceXml,
  ublCreditNote,
  ublInvoice,
  ublXml,
  xxeInvoiceXml,
  XML_CONTENT_TYPE,
  type EInvoiceData,
  type EInvoiceOptions,
  type EInvoiceParty,
  type FacturXProfile,
} from './einvoice.js';
export {
  ZUGFERD_1_PROFILES,
  zugferd1Data,
  zugferd1Invoice,
  zugferd1Pdf,
  zugferd1Xml,
  type Zugferd1Options,
  type Zugferd1Profile,
} from './zugferd-v1.js';
export {
  largeInvoiceLine,
  largeUblInvoice,
  type LargeEInvoiceData,
  type LargeEInvoiceOptions,
} from './large-einvoice.js';
export {
  streamDocument,
  streamVendors,
  type StreamDocument,
  type StreamLineItem,
  type StreamTruth,
  type StreamVendor,
} from './vendor-stream.js';
