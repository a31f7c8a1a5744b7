import { isDocumentReadError } from '../reading/errors.js';
import { openPdf } from '../reading/pdf-reader.js';

import type { EInvoice } from './model.js';
import { readEInvoiceXml } from './read-einvoice.js';
import { sniffEInvoiceSyntax } from './sniff.js';

/**
 * The names the hybrid formats give their XML, preferred over any other XML attachment, compared
 * without case: Factur-X and ZUGFeRD 2.1+ `factur-x.xml`, ZUGFeRD 2.0 `zugferd-invoice.xml`,
 * ZUGFeRD 1.0 `ZUGFeRD-invoice.xml`, XRechnung `xrechnung.xml`.
 */
const KNOWN_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml', 'order-x.xml'];

interface PdfAttachment {
  filename?: string;
  content?: Uint8Array;
}

/** What a PDF's embedded e-invoice gave: the invoice, or why its XML could not be used. */
export type EmbeddedEInvoice =
  | { kind: 'none' }
  | { kind: 'read'; invoice: EInvoice; fileName: string }
  /** `reason` completes "the XML could not be read: …" (e.g. "it is not well-formed XML"). */
  | { kind: 'unreadable'; fileName: string; reason: string };

const REFUSAL_PREFIX = 'The e-invoice XML cannot be read: ';

/**
 * Why an attachment could not be read, as the end of a sentence a clerk reads: the reader's
 * message without its lead-in and full stop. The parser's detail (line and column) is left out.
 */
function reasonOf(error: unknown): string {
  if (!isDocumentReadError(error)) return 'it could not be parsed';
  const message = error.userMessage.startsWith(REFUSAL_PREFIX)
    ? error.userMessage.slice(REFUSAL_PREFIX.length)
    : error.userMessage;
  const trimmed = message.replace(/\.$/, '');
  // "The e-invoice XML states …" continues a sentence in lower case; "XML …" stays as it is.
  return /^[A-Z][a-z]/.test(trimmed) ? trimmed[0]!.toLowerCase() + trimmed.slice(1) : trimmed;
}

/**
 * The e-invoice embedded in a PDF (Factur-X, ZUGFeRD 1.0 and 2.x, XRechnung as a PDF/A-3
 * attachment): the attachment with a known name, else any XML attachment that is an e-invoice. An
 * attachment that is unsafe or malformed is reported, not thrown: the printed invoice can still be
 * read.
 */
export async function readEmbeddedEInvoice(bytes: Uint8Array): Promise<EmbeddedEInvoice> {
  let attachments: Record<string, PdfAttachment> | null;
  const pdf = await openPdf(bytes);
  try {
    attachments = (await pdf.getAttachments()) as Record<string, PdfAttachment> | null;
  } catch {
    // A damaged name tree only loses the attachments; the pages were read on their own.
    return { kind: 'none' };
  } finally {
    await pdf.destroy();
  }
  const candidates = Object.values(attachments ?? {})
    .filter((a): a is Required<PdfAttachment> => !!a.content && !!a.filename)
    .filter((a) => sniffEInvoiceSyntax(a.content) !== null)
    .sort(
      (a, b) =>
        Number(KNOWN_NAMES.includes(b.filename.toLowerCase())) -
        Number(KNOWN_NAMES.includes(a.filename.toLowerCase())),
    );
  const attachment = candidates[0];
  if (!attachment) return { kind: 'none' };
  try {
    return {
      kind: 'read',
      invoice: readEInvoiceXml(attachment.content),
      fileName: attachment.filename,
    };
  } catch (error) {
    return {
      kind: 'unreadable',
      fileName: attachment.filename,
      reason: reasonOf(error),
    };
  }
}
