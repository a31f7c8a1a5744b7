import type { EInvoice, EInvoiceValue, HeaderTerm, LineTerm, TaxTerm } from './model.js';
import { childAt, childrenNamed, type XmlElement } from './safe-xml.js';
import { addressOf, amountOf, isoDate, put, valueOf } from './values.js';

/** CII type codes of credit notes (UNTDID 1001). */
const CREDIT_NOTE_CODES = new Set(['381', '396', '532']);

/** VAT id (scheme VA, BT-31/BT-48) and tax number (scheme FC, BT-32). */
function registration(
  party: XmlElement | undefined,
  scheme: 'VA' | 'FC',
): EInvoiceValue | undefined {
  const id = childrenNamed(party, 'SpecifiedTaxRegistration')
    .map((reg) => childAt(reg, 'ID'))
    .find((element) => element?.attributes.schemeID === scheme);
  return valueOf(id);
}

function partyTerms(
  header: EInvoice['header'],
  party: XmlElement | undefined,
  role: 'seller' | 'buyer',
): void {
  put(header, `${role}_name` as const, valueOf(childAt(party, 'Name')));
  put(header, `${role}_vat_id` as const, registration(party, 'VA'));
  if (role === 'seller') put(header, 'seller_tax_id', registration(party, 'FC'));
  const address = childAt(party, 'PostalTradeAddress');
  put(
    header,
    `${role}_address` as const,
    addressOf(address, [
      childAt(address, 'LineOne'),
      childAt(address, 'LineTwo'),
      childAt(address, 'LineThree'),
      [childAt(address, 'PostcodeCode'), childAt(address, 'CityName')],
      childAt(address, 'CountrySubDivisionName'),
      childAt(address, 'CountryID'),
    ]),
  );
}

/**
 * The element names by which the two generations of CII differ. ZUGFeRD 1.0 (CII D12B,
 * `rsm:CrossIndustryDocument`) names the same terms in the same places, with the older names of
 * the containers, the rate and the order reference; everything else (parties, dates, amounts,
 * payment terms, the bank account, the lines' product) is named alike.
 */
export interface CiiGeneration {
  context: string;
  document: string;
  transaction: string;
  agreement: string;
  settlement: string;
  totals: string;
  lineAgreement: string;
  lineDelivery: string;
  lineSettlement: string;
  lineTotals: string;
  /** A VAT rate (BT-119, BT-152). */
  rate: string;
  /** The buyer's order number inside BuyerOrderReferencedDocument (BT-13). */
  orderId: string;
}

/** UN/CEFACT CII D16B: Factur-X, ZUGFeRD 2.x and XRechnung CII, every profile. */
export const CII_D16B: CiiGeneration = {
  context: 'ExchangedDocumentContext',
  document: 'ExchangedDocument',
  transaction: 'SupplyChainTradeTransaction',
  agreement: 'ApplicableHeaderTradeAgreement',
  settlement: 'ApplicableHeaderTradeSettlement',
  totals: 'SpecifiedTradeSettlementHeaderMonetarySummation',
  lineAgreement: 'SpecifiedLineTradeAgreement',
  lineDelivery: 'SpecifiedLineTradeDelivery',
  lineSettlement: 'SpecifiedLineTradeSettlement',
  lineTotals: 'SpecifiedTradeSettlementLineMonetarySummation',
  rate: 'RateApplicablePercent',
  orderId: 'IssuerAssignedID',
};

/** ZUGFeRD 1.0 (BASIC, COMFORT, EXTENDED): CII D12B as the FeRD profiled it in 2014. */
export const ZUGFERD_1: CiiGeneration = {
  context: 'SpecifiedExchangedDocumentContext',
  document: 'HeaderExchangedDocument',
  transaction: 'SpecifiedSupplyChainTradeTransaction',
  agreement: 'ApplicableSupplyChainTradeAgreement',
  settlement: 'ApplicableSupplyChainTradeSettlement',
  totals: 'SpecifiedTradeSettlementMonetarySummation',
  lineAgreement: 'SpecifiedSupplyChainTradeAgreement',
  lineDelivery: 'SpecifiedSupplyChainTradeDelivery',
  lineSettlement: 'SpecifiedSupplyChainTradeSettlement',
  lineTotals: 'SpecifiedTradeSettlementMonetarySummation',
  rate: 'ApplicablePercent',
  orderId: 'ID',
};

/**
 * UN/CEFACT Cross Industry Invoice as the neutral model: D16B (Factur-X / ZUGFeRD 2.x, XRechnung
 * CII) by default, ZUGFeRD 1.0 with its generation's names. Every profile uses the same paths;
 * the lighter ones (MINIMUM, BASIC WL) simply state fewer terms.
 */
export function readCii(root: XmlElement, names: CiiGeneration = CII_D16B): EInvoice {
  const header: EInvoice['header'] = {};
  const document = childAt(root, names.document);
  const transaction = childAt(root, names.transaction);
  const agreement = childAt(transaction, names.agreement);
  const settlement = childAt(transaction, names.settlement);
  const currency = childAt(settlement, 'InvoiceCurrencyCode')?.text || undefined;

  put(header, 'invoice_number', valueOf(childAt(document, 'ID')));
  put(header, 'issue_date', isoDate(valueOf(childAt(document, 'IssueDateTime', 'DateTimeString'))));
  put(
    header,
    'due_date',
    isoDate(
      valueOf(
        childAt(settlement, 'SpecifiedTradePaymentTerms', 'DueDateDateTime', 'DateTimeString'),
      ),
    ),
  );
  put(header, 'currency', valueOf(childAt(settlement, 'InvoiceCurrencyCode')));
  put(
    header,
    'po_reference',
    valueOf(childAt(agreement, 'BuyerOrderReferencedDocument', names.orderId)),
  );
  put(header, 'buyer_reference', valueOf(childAt(agreement, 'BuyerReference')));
  partyTerms(header, childAt(agreement, 'SellerTradeParty'), 'seller');
  partyTerms(header, childAt(agreement, 'BuyerTradeParty'), 'buyer');

  const totals = childAt(settlement, names.totals);
  const money: [HeaderTerm, string][] = [
    ['line_total', 'LineTotalAmount'],
    ['net_total', 'TaxBasisTotalAmount'],
    ['gross_total', 'GrandTotalAmount'],
    ['amount_due', 'DuePayableAmount'],
  ];
  for (const [term, local] of money) put(header, term, amountOf(childAt(totals, local), currency));
  // BT-110 is the TaxTotalAmount in the invoice's currency (BT-111 repeats it in the tax currency).
  const taxTotals = childrenNamed(totals, 'TaxTotalAmount');
  const taxTotal = taxTotals.find((t) => t.attributes.currencyID === currency) ?? taxTotals[0];
  put(header, 'tax_total', amountOf(taxTotal, currency));
  put(
    header,
    'payment_terms',
    valueOf(childAt(settlement, 'SpecifiedTradePaymentTerms', 'Description')),
  );
  put(
    header,
    'iban',
    valueOf(
      childAt(
        settlement,
        'SpecifiedTradeSettlementPaymentMeans',
        'PayeePartyCreditorFinancialAccount',
        'IBANID',
      ),
    ),
  );

  const taxes = childrenNamed(settlement, 'ApplicableTradeTax').map((tax) => {
    const row: Partial<Record<TaxTerm, EInvoiceValue>> = {};
    put(row, 'category', valueOf(childAt(tax, 'CategoryCode')));
    put(row, 'rate', valueOf(childAt(tax, names.rate)));
    put(row, 'taxable_amount', amountOf(childAt(tax, 'BasisAmount'), currency));
    put(row, 'tax_amount', amountOf(childAt(tax, 'CalculatedAmount'), currency));
    return row;
  });

  const lines = childrenNamed(transaction, 'IncludedSupplyChainTradeLineItem').map((line) => {
    const row: Partial<Record<LineTerm, EInvoiceValue>> = {};
    const product = childAt(line, 'SpecifiedTradeProduct');
    const quantity = childAt(line, names.lineDelivery, 'BilledQuantity');
    const lineSettlement = childAt(line, names.lineSettlement);
    put(row, 'line_id', valueOf(childAt(line, 'AssociatedDocumentLineDocument', 'LineID')));
    put(row, 'item_id', valueOf(childAt(product, 'SellerAssignedID')));
    put(
      row,
      'description',
      valueOf(childAt(product, 'Name')) ?? valueOf(childAt(product, 'Description')),
    );
    put(row, 'quantity', valueOf(quantity));
    const unit = quantity?.attributes.unitCode;
    if (quantity && unit) row.unit = { value: unit, xpath: `${quantity.xpath}/@unitCode` };
    put(
      row,
      'unit_price',
      amountOf(
        childAt(line, names.lineAgreement, 'NetPriceProductTradePrice', 'ChargeAmount'),
        currency,
      ),
    );
    put(
      row,
      'net_amount',
      amountOf(childAt(lineSettlement, names.lineTotals, 'LineTotalAmount'), currency),
    );
    put(row, 'tax_rate', valueOf(childAt(lineSettlement, 'ApplicableTradeTax', names.rate)));
    return row;
  });

  const typeCode = childAt(document, 'TypeCode')?.text ?? '380';
  return {
    syntax: 'cii',
    kind: CREDIT_NOTE_CODES.has(typeCode) ? 'credit_note' : 'invoice',
    profile:
      childAt(root, names.context, 'GuidelineSpecifiedDocumentContextParameter', 'ID')?.text ||
      null,
    header,
    taxes,
    lines,
  };
}
