import type { ExtractedValue } from '@parser/contracts';

import type { SourceBox } from '../components/document-preview';

/**
 * Where the preview should point for a focused value: its box on the page, plus the XPath when
 * it was read from e-invoice XML. A value from XML alone has no page (page 0) but still an XPath.
 */
export function focusSourceOf(extracted: ExtractedValue | undefined): SourceBox | null {
  const xpath = extracted?.origin?.xpath;
  if (extracted?.source) return xpath ? { ...extracted.source, xpath } : extracted.source;
  return xpath ? { page: 0, box: [0, 0, 0, 0], xpath } : null;
}

/** The e-invoice XPath of a value the reviewer still keeps as read, or undefined. */
export const einvoiceXpathOf = (extracted: ExtractedValue | undefined): string | undefined =>
  extracted?.origin?.kind === 'einvoice' ? extracted.origin.xpath : undefined;
