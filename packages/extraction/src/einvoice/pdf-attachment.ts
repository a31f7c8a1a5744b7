import { openPdf } from '../reading/pdf-reader.js';

import type { EInvoice } from './model.js';
import { readEInvoiceXml } from './read-einvoice.js';
import { sniffEInvoiceSyntax } from './sniff.js';

/** The names the hybrid formats give their XML, preferred over any other XML attachment. */
const KNOWN_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml', 'order-x.xml'];

interface PdfAttachment {
  filename?: string;
  content?: Uint8Array;
}

/** What a PDF's embedded e-invoice gave: the invoice, or why its XML could not be used. */
export type EmbeddedEInvoice =
  | { kind: 'none' }
  | { kind: 'read'; invoice: EInvoice; fileName: string }
  | { kind: 'unreadable'; fileName: string; reason: string };

/**
 * The e-invoice embedded in a PDF (Factur-X / ZUGFeRD 2 / XRechnung as PDF/A-3 attachment): the
 * attachment with a known name, else any XML attachment that is an e-invoice. An attachment that
 * is unsafe or malformed is reported, not thrown: the printed invoice can still be read.
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
      reason: error instanceof Error ? error.message : String(error),
    };
  }
}
