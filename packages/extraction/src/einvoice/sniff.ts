import type { EInvoiceSyntax } from './model.js';

/** The root namespaces of the syntaxes read. */
export const NAMESPACES: Record<EInvoiceSyntax, string> = {
  ubl_invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  ubl_credit_note: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cii: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
};

/** ZUGFeRD 1.0's root namespace: its CII is the older one, rooted in `CrossIndustryDocument`. */
export const ZUGFERD_1_NAMESPACE = 'urn:ferd:CrossIndustryDocument:invoice:1p0';

/** A root element that makes a file an e-invoice: its local name in its namespace. */
export interface EInvoiceRoot {
  local: 'Invoice' | 'CreditNote' | 'CrossIndustryInvoice' | 'CrossIndustryDocument';
  namespace: string;
  syntax: EInvoiceSyntax;
}

/** Every root read. ZUGFeRD 1.0 is CII too: the same terms under older element names. */
export const ROOTS: readonly EInvoiceRoot[] = [
  { local: 'Invoice', namespace: NAMESPACES.ubl_invoice, syntax: 'ubl_invoice' },
  { local: 'CreditNote', namespace: NAMESPACES.ubl_credit_note, syntax: 'ubl_credit_note' },
  { local: 'CrossIndustryInvoice', namespace: NAMESPACES.cii, syntax: 'cii' },
  { local: 'CrossIndustryDocument', namespace: ZUGFERD_1_NAMESPACE, syntax: 'cii' },
];

/** The e-invoice root an element's local name and namespace stand for, if any. */
export const rootOf = (local: string, namespace: string | null): EInvoiceRoot | undefined =>
  ROOTS.find((root) => root.local === local && root.namespace === namespace);

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
 * root element of UBL Invoice, UBL CreditNote, CII CrossIndustryInvoice or ZUGFeRD 1.0
 * CrossIndustryDocument in its namespace. Null for anything else (other XML included). Files with
 * a document type declaration are still recognised here, so that reading them fails with a reason
 * instead of "unsupported".
 */
export function sniffEInvoiceSyntax(bytes: Uint8Array): EInvoiceSyntax | null {
  const text = headText(bytes)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!text.startsWith('<')) return null;
  const root =
    /<(?:[A-Za-z_][\w.-]*:)?(Invoice|CreditNote|CrossIndustryInvoice|CrossIndustryDocument)[\s>/]/.exec(
      // Comments and processing instructions may mention anything.
      text.replace(/<!--[\s\S]*?-->/g, '').replace(/<\?[\s\S]*?\?>/g, ''),
    );
  // Declared as a namespace, not merely mentioned: ZUGFeRD 1.0's profile ids contain its namespace.
  const known = ROOTS.find(
    (r) =>
      r.local === root?.[1] &&
      (text.includes(`="${r.namespace}"`) || text.includes(`='${r.namespace}'`)),
  );
  return known?.syntax ?? null;
}
