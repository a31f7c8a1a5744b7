/** Structured e-invoices: UBL 2.1 Invoice/CreditNote and UN/CEFACT CII, alone or inside a PDF. */
export {
  HEADER_TERMS,
  LINE_TERMS,
  SYNTAX_NAMES,
  TAX_TERMS,
  type EInvoice,
  type EInvoiceSyntax,
  type EInvoiceValue,
  type HeaderTerm,
  type LineTerm,
  type TaxTerm,
} from './model.js';
export {
  einvoiceValues,
  keepEInvoiceValues,
  overlayEInvoice,
  type EInvoiceSchema,
} from './map-to-schema.js';
export { readEInvoiceXml } from './read-einvoice.js';
export { readEmbeddedEInvoice, type EmbeddedEInvoice } from './pdf-attachment.js';
export { sniffEInvoiceSyntax } from './sniff.js';
export { einvoiceSuggestion, withEInvoiceSuggestion } from './suggest-fields.js';
export { MAX_XML_BYTES, MAX_XML_DEPTH } from './safe-xml.js';
