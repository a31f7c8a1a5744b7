import { DocumentReadError } from '../reading/errors.js';

import type { EInvoice } from './model.js';
import { readCii } from './read-cii.js';
import { readUbl } from './read-ubl.js';
import { namespaceOf, parseXmlSafely } from './safe-xml.js';
import { NAMESPACES } from './sniff.js';

/**
 * Readings of the files read so far, by their bytes: reading a document asks for its e-invoice
 * twice (to lay out its pages, then as the document's e-invoice), and parsing 10 MB of XML takes
 * seconds and hundreds of megabytes. Held only as long as the caller holds the bytes.
 */
const readings = new WeakMap<Uint8Array, EInvoice>();

/**
 * Reads an e-invoice XML file (UBL 2.1 Invoice/CreditNote or CII) into the neutral model. The
 * root element and its namespace decide the syntax. Throws DocumentReadError for unsafe,
 * malformed or other XML, and for an e-invoice that states neither a number nor a total. The
 * same bytes give the same reading, which callers must not change.
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
  let invoice: EInvoice;
  if (root.local === 'Invoice' && namespace === NAMESPACES.ubl_invoice) {
    invoice = readUbl(root, 'invoice');
  } else if (root.local === 'CreditNote' && namespace === NAMESPACES.ubl_credit_note) {
    invoice = readUbl(root, 'credit_note');
  } else if (root.local === 'CrossIndustryInvoice' && namespace === NAMESPACES.cii) {
    invoice = readCii(root);
  } else {
    throw new DocumentReadError('UNSUPPORTED_FORMAT', {
      userMessage:
        'This XML file is not an e-invoice that can be read (UBL 2.1 Invoice or CreditNote, or UN/CEFACT CII).',
      detail: `root element ${root.name} in ${namespace ?? 'no namespace'}`,
    });
  }
  if (!invoice.header.invoice_number && !invoice.header.amount_due && !invoice.header.gross_total) {
    throw new DocumentReadError('CORRUPT', {
      userMessage: 'The e-invoice XML states neither an invoice number nor a total.',
    });
  }
  return invoice;
}
