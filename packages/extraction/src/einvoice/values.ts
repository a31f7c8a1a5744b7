import type { EInvoiceValue } from './model.js';
import type { XmlElement } from './safe-xml.js';

/** An element's text as a value, or undefined when it is absent or empty. */
export function valueOf(element: XmlElement | undefined): EInvoiceValue | undefined {
  if (!element?.text) return undefined;
  return { value: element.text, xpath: element.xpath };
}

/** An amount with its currency: the element's currencyID, else the invoice's. */
export function amountOf(
  element: XmlElement | undefined,
  currency: string | undefined,
): EInvoiceValue | undefined {
  const value = valueOf(element);
  if (!value) return undefined;
  const code = element?.attributes.currencyID || currency;
  return code ? { ...value, currency: code } : value;
}

/** Sets a term only when the XML states it, so absent terms stay absent (not empty strings). */
export function put<T extends string>(
  target: Partial<Record<T, EInvoiceValue>>,
  term: T,
  value: EInvoiceValue | undefined,
): void {
  if (value) target[term] = value;
}

/**
 * A postal address as one line of text ("12 Harbour Road, BS1 4DJ Bristol, GB"), read at the
 * address element. `parts` are the address lines in order; an inner array joins with spaces.
 */
export function addressOf(
  address: XmlElement | undefined,
  parts: (XmlElement | undefined | (XmlElement | undefined)[])[],
): EInvoiceValue | undefined {
  if (!address) return undefined;
  const text = parts
    .map((part) =>
      (Array.isArray(part) ? part : [part])
        .map((element) => element?.text ?? '')
        .filter(Boolean)
        .join(' '),
    )
    .filter(Boolean)
    .join(', ');
  return text ? { value: text, xpath: address.xpath } : undefined;
}

/** A CII date (format 102, YYYYMMDD) as ISO YYYY-MM-DD; other texts unchanged. */
export function isoDate(value: EInvoiceValue | undefined): EInvoiceValue | undefined {
  if (!value) return undefined;
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value.value);
  return match ? { ...value, value: `${match[1]}-${match[2]}-${match[3]}` } : value;
}
