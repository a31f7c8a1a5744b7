/**
 * An e-invoice's XML as sections a person can read: each element that holds values becomes a
 * section named by its path ("Accounting Supplier Party › Party › Postal Address"), and its
 * values rows ("Street Name: Hauptstraße 5"). XPaths are built exactly as the engine builds them
 * (the document's prefixes, `[n]` only where siblings share a name), so a value's source can be
 * found in the outline.
 */

export interface OutlineRow {
  label: string;
  value: string;
  /** Attribute values that qualify the value (currency, unit code). */
  qualifiers: string[];
  xpath: string;
}

export interface OutlineSection {
  title: string;
  xpath: string;
  rows: OutlineRow[];
}

export type EInvoiceOutline =
  { ok: true; sections: OutlineSection[] } | { ok: false; reason: string };

/** "AccountingSupplierParty" → "Accounting Supplier Party"; "InvoiceLine" with index 2 → "Invoice Line 2". */
export function humanize(localName: string, index?: number): string {
  const words = localName
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
  return index === undefined ? words : `${words} ${index}`;
}

const elementChildren = (element: Element) => Array.from(element.children);

/** Each child with its XPath step and, where siblings repeat its name, its 1-based position. */
function steps(element: Element): { child: Element; step: string; index?: number }[] {
  const children = elementChildren(element);
  const counts = new Map<string, number>();
  for (const child of children) counts.set(child.tagName, (counts.get(child.tagName) ?? 0) + 1);
  const seen = new Map<string, number>();
  return children.map((child) => {
    const index = (seen.get(child.tagName) ?? 0) + 1;
    seen.set(child.tagName, index);
    return (counts.get(child.tagName) ?? 0) > 1
      ? { child, step: `${child.tagName}[${index}]`, index }
      : { child, step: child.tagName };
  });
}

/** Namespace declarations and schema hints say nothing about the invoice. */
const isQualifier = (attribute: Attr) =>
  attribute.name !== 'xmlns' &&
  !attribute.name.startsWith('xmlns:') &&
  !attribute.name.startsWith('xsi:');

/**
 * The outline of an e-invoice's XML text. A document type declaration is refused rather than
 * parsed (e-invoices never have one; entity tricks live there), as is XML that is not well-formed.
 */
export function einvoiceOutline(text: string): EInvoiceOutline {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    return { ok: false, reason: 'This XML declares a document type or entities and is not shown.' };
  }
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  const root = doc.documentElement;
  if (!root || doc.getElementsByTagName('parsererror').length > 0) {
    return { ok: false, reason: 'This XML file is not well-formed and cannot be shown.' };
  }
  const sections: OutlineSection[] = [];
  const visit = (element: Element, xpath: string, title: string) => {
    const rows: OutlineRow[] = [];
    const groups: { child: Element; xpath: string; title: string }[] = [];
    for (const { child, step, index } of steps(element)) {
      const childPath = `${xpath}/${step}`;
      const name = humanize(child.localName, index);
      if (child.children.length === 0) {
        rows.push({
          label: name,
          value: child.textContent?.trim() ?? '',
          qualifiers: Array.from(child.attributes)
            .filter(isQualifier)
            .map((a) => a.value),
          xpath: childPath,
        });
      } else {
        groups.push({ child, xpath: childPath, title: title ? `${title} › ${name}` : name });
      }
    }
    if (rows.length > 0) sections.push({ title: title || humanize(root.localName), xpath, rows });
    for (const group of groups) visit(group.child, group.xpath, group.title);
  };
  visit(root, `/${root.tagName}`, '');
  return { ok: true, sections };
}

/** The element XPath of a value's source: an attribute's value is shown on its element's row. */
export const elementXpath = (xpath: string) => xpath.replace(/\/@[^/]+$/, '');
