import type { EInvoiceSyntax } from './model.js';

/** The root namespaces of the syntaxes read. */
export const NAMESPACES: Record<EInvoiceSyntax, string> = {
  ubl_invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  ubl_credit_note: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cii: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
};

const ROOTS: Record<string, EInvoiceSyntax> = {
  Invoice: 'ubl_invoice',
  CreditNote: 'ubl_credit_note',
  CrossIndustryInvoice: 'cii',
};

/** How far into a file the root element is looked for (declarations may come first). */
const SNIFF_BYTES = 64 * 1024;

function headText(bytes: Uint8Array): string {
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (head[0] === 0xff && head[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(head.subarray(2));
  if (head[0] === 0xfe && head[1] === 0xff)
    return new TextDecoder('utf-16be').decode(head.subarray(2));
  return new TextDecoder('utf-8').decode(head);
}

/**
 * Which e-invoice syntax an XML file is, from its content: markup from the first character and a
 * root element of UBL Invoice, UBL CreditNote or CII CrossIndustryInvoice in its namespace. Null
 * for anything else (other XML included). Files with a document type declaration are still
 * recognised here, so that reading them fails with a reason instead of "unsupported".
 */
export function sniffEInvoiceSyntax(bytes: Uint8Array): EInvoiceSyntax | null {
  const text = headText(bytes)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!text.startsWith('<')) return null;
  const root = /<(?:[A-Za-z_][\w.-]*:)?(Invoice|CreditNote|CrossIndustryInvoice)[\s>/]/.exec(
    // Comments and processing instructions may mention anything.
    text.replace(/<!--[\s\S]*?-->/g, '').replace(/<\?[\s\S]*?\?>/g, ''),
  );
  const syntax = root ? ROOTS[root[1] ?? ''] : undefined;
  if (!syntax) return null;
  return text.includes(NAMESPACES[syntax]) ? syntax : null;
}
