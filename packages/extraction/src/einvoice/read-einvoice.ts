import { DocumentReadError } from '../reading/errors.js';

import type { EInvoice } from './model.js';
import { readCii, ZUGFERD_1 } from './read-cii.js';
import { readUbl } from './read-ubl.js';
import { namespaceOf, parseXmlSafely, type XmlElement } from './safe-xml.js';
import { rootOf, type EInvoiceRoot } from './sniff.js';

/** The reader of each root element. */
const READERS: Record<EInvoiceRoot['local'], (root: XmlElement) => EInvoice> = {
  Invoice: (root) => readUbl(root, 'invoice'),
  CreditNote: (root) => readUbl(root, 'credit_note'),
  CrossIndustryInvoice: (root) => readCii(root),
  CrossIndustryDocument: (root) => readCii(root, ZUGFERD_1),
};

/**
 * Readings of the files read so far, by their bytes: reading a document asks for its e-invoice
 * twice (to lay out its pages, then as the document's e-invoice), and parsing 10 MB of XML takes
 * seconds and hundreds of megabytes. Held only as long as the caller holds the bytes.
 */
const readings = new WeakMap<Uint8Array, EInvoice>();

/**
 * Reads an e-invoice XML file (UBL 2.1 Invoice/CreditNote, CII, ZUGFeRD 1.0) into the neutral
 * model. The root element and its namespace decide the syntax. Throws DocumentReadError for
 * unsafe, malformed or other XML, and for an e-invoice that states neither a number nor a total.
 * The same bytes give the same reading, which callers must not change.
 */
export function readEInvoiceXml(bytes: Uint8Array): EInvoice {
  const known = readings.get(bytes);
  if (known) return known;
  const invoice = parseEInvoice(bytes);
  readings.set(bytes, invoice);
  return invoice;
}

function parseEInvoice(bytes: Uint8Array): EInvoice {
  const root = parseXmlSafely(bytes);
  const namespace = namespaceOf(root);
  const known = rootOf(root.local, namespace);
  if (!known) {
    throw new DocumentReadError('UNSUPPORTED_FORMAT', {
      userMessage:
        'This XML file is not an e-invoice that can be read (UBL 2.1 Invoice or CreditNote, UN/CEFACT CII or ZUGFeRD 1.0).',
      detail: `root element ${root.name} in ${namespace ?? 'no namespace'}`,
    });
  }
  const invoice = READERS[known.local](root);
  if (!invoice.header.invoice_number && !invoice.header.amount_due && !invoice.header.gross_total) {
    throw new DocumentReadError('CORRUPT', {
      userMessage: 'The e-invoice XML states neither an invoice number nor a total.',
    });
  }
  return invoice;
}
