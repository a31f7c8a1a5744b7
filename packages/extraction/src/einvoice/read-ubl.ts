import type { EInvoice, EInvoiceValue, HeaderTerm, LineTerm, TaxTerm } from './model.js';
import { childAt, childrenNamed, type XmlElement } from './safe-xml.js';
import { addressOf, amountOf, put, valueOf } from './values.js';

/** A party's VAT id (tax scheme VAT, BT-31/BT-48) and other tax registration (BT-32). */
function taxIds(party: XmlElement | undefined): { vat?: EInvoiceValue; other?: EInvoiceValue } {
  const out: { vat?: EInvoiceValue; other?: EInvoiceValue } = {};
  for (const scheme of childrenNamed(party, 'PartyTaxScheme')) {
    const id = valueOf(childAt(scheme, 'CompanyID'));
    if (!id) continue;
    const isVat = (childAt(scheme, 'TaxScheme', 'ID')?.text ?? 'VAT').toUpperCase() === 'VAT';
    if (isVat) out.vat ??= id;
    else out.other ??= id;
  }
  return out;
}

function partyTerms(
  header: EInvoice['header'],
  party: XmlElement | undefined,
  role: 'seller' | 'buyer',
): void {
  // The legal name (BT-27/BT-44) where given, else the trading name.
  const name =
    valueOf(childAt(party, 'PartyLegalEntity', 'RegistrationName')) ??
    valueOf(childAt(party, 'PartyName', 'Name'));
  put(header, `${role}_name` as const, name);
  const ids = taxIds(party);
  put(header, `${role}_vat_id` as const, ids.vat);
  if (role === 'seller') put(header, 'seller_tax_id', ids.other);
  const address = childAt(party, 'PostalAddress');
  put(
    header,
    `${role}_address` as const,
    addressOf(address, [
      childAt(address, 'StreetName'),
      childAt(address, 'AdditionalStreetName'),
      childAt(address, 'AddressLine', 'Line'),
      [childAt(address, 'PostalZone'), childAt(address, 'CityName')],
      childAt(address, 'CountrySubentity'),
      childAt(address, 'Country', 'IdentificationCode'),
    ]),
  );
}

/** UBL 2.1 Invoice or CreditNote (Peppol BIS Billing 3.0, XRechnung UBL) as the neutral model. */
export function readUbl(root: XmlElement, kind: 'invoice' | 'credit_note'): EInvoice {
  const header: EInvoice['header'] = {};
  const currency = childAt(root, 'DocumentCurrencyCode')?.text || undefined;
  put(header, 'invoice_number', valueOf(childAt(root, 'ID')));
  put(header, 'issue_date', valueOf(childAt(root, 'IssueDate')));
  put(
    header,
    'due_date',
    valueOf(childAt(root, 'DueDate')) ?? valueOf(childAt(root, 'PaymentMeans', 'PaymentDueDate')),
  );
  put(header, 'currency', valueOf(childAt(root, 'DocumentCurrencyCode')));
  put(header, 'po_reference', valueOf(childAt(root, 'OrderReference', 'ID')));
  put(header, 'buyer_reference', valueOf(childAt(root, 'BuyerReference')));
  partyTerms(header, childAt(root, 'AccountingSupplierParty', 'Party'), 'seller');
  partyTerms(header, childAt(root, 'AccountingCustomerParty', 'Party'), 'buyer');

  const totals = childAt(root, 'LegalMonetaryTotal');
  const money: [HeaderTerm, string][] = [
    ['line_total', 'LineExtensionAmount'],
    ['net_total', 'TaxExclusiveAmount'],
    ['gross_total', 'TaxInclusiveAmount'],
    ['amount_due', 'PayableAmount'],
  ];
  for (const [term, local] of money) put(header, term, amountOf(childAt(totals, local), currency));

  // BT-110 is the TaxTotal in the invoice's currency (a second one may state it in the tax currency).
  const taxTotals = childrenNamed(root, 'TaxTotal');
  const inCurrency =
    taxTotals.find((t) => childAt(t, 'TaxAmount')?.attributes.currencyID === currency) ??
    taxTotals[0];
  put(header, 'tax_total', amountOf(childAt(inCurrency, 'TaxAmount'), currency));
  put(header, 'payment_terms', valueOf(childAt(root, 'PaymentTerms', 'Note')));
  put(header, 'iban', valueOf(childAt(root, 'PaymentMeans', 'PayeeFinancialAccount', 'ID')));

  const taxes = childrenNamed(inCurrency, 'TaxSubtotal').map((subtotal) => {
    const row: Partial<Record<TaxTerm, EInvoiceValue>> = {};
    put(row, 'category', valueOf(childAt(subtotal, 'TaxCategory', 'ID')));
    put(row, 'rate', valueOf(childAt(subtotal, 'TaxCategory', 'Percent')));
    put(row, 'taxable_amount', amountOf(childAt(subtotal, 'TaxableAmount'), currency));
    put(row, 'tax_amount', amountOf(childAt(subtotal, 'TaxAmount'), currency));
    return row;
  });

  const lineName = kind === 'invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  const quantityName = kind === 'invoice' ? 'InvoicedQuantity' : 'CreditedQuantity';
  const lines = childrenNamed(root, lineName).map((line) => {
    const row: Partial<Record<LineTerm, EInvoiceValue>> = {};
    const item = childAt(line, 'Item');
    const quantity = childAt(line, quantityName);
    put(row, 'line_id', valueOf(childAt(line, 'ID')));
    put(row, 'item_id', valueOf(childAt(item, 'SellersItemIdentification', 'ID')));
    put(
      row,
      'description',
      valueOf(childAt(item, 'Name')) ?? valueOf(childAt(item, 'Description')),
    );
    put(row, 'quantity', valueOf(quantity));
    const unit = quantity?.attributes.unitCode;
    if (quantity && unit) row.unit = { value: unit, xpath: `${quantity.xpath}/@unitCode` };
    put(row, 'unit_price', amountOf(childAt(line, 'Price', 'PriceAmount'), currency));
    put(row, 'net_amount', amountOf(childAt(line, 'LineExtensionAmount'), currency));
    put(row, 'tax_rate', valueOf(childAt(item, 'ClassifiedTaxCategory', 'Percent')));
    return row;
  });

  return {
    syntax: kind === 'invoice' ? 'ubl_invoice' : 'ubl_credit_note',
    kind,
    profile: childAt(root, 'CustomizationID')?.text || null,
    header,
    taxes,
    lines,
  };
}
