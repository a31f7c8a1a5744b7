/**
 * ZUGFeRD 1.0 invoices (2014): CII D12B rooted in `rsm:CrossIndustryDocument`, alone or embedded
 * as `ZUGFeRD-invoice.xml` in a PDF/A-3. Its parties and values are its own, so a test cannot pass
 * on values another generator wrote.
 */
import type { GeneratedDocument } from './document.js';
import {
  amount,
  compactDate,
  einvoiceData,
  escapeXml,
  hybridInvoicePdf,
  percent,
  XML_CONTENT_TYPE,
  type EInvoiceData,
  type EInvoiceOptions,
} from './einvoice.js';

/** The three ZUGFeRD 1.0 profiles, with the guideline identifiers their XML states. */
export const ZUGFERD_1_PROFILES = {
  BASIC: 'urn:ferd:CrossIndustryDocument:invoice:1p0:basic',
  COMFORT: 'urn:ferd:CrossIndustryDocument:invoice:1p0:comfort',
  EXTENDED: 'urn:ferd:CrossIndustryDocument:invoice:1p0:extended',
} as const;
export type Zugferd1Profile = keyof typeof ZUGFERD_1_PROFILES;

export interface Zugferd1Options extends EInvoiceOptions {
  profile?: Zugferd1Profile;
}

/** A ZUGFeRD 1.0 invoice's values: a cooling engineer in Freiburg billing a farm estate. */
export function zugferd1Data(options: EInvoiceOptions = {}): EInvoiceData {
  const data = einvoiceData({
    invoiceNumber: 'KT-2015-3391',
    date: '2015-02-17',
    dueDate: '2015-03-19',
    poNumber: 'HS-BEST-207',
    taxRate: 0.19,
    lineItems: [
      { description: 'Kühlzelle Wartung', qty: 1, unitPrice: 286 },
      { description: 'Kältemittel R134a (kg)', qty: 3.5, unitPrice: 48.6 },
      { description: 'Anfahrtspauschale', qty: 2, unitPrice: 39.5 },
    ],
    seller: {
      name: 'Bergmann Kältetechnik GmbH',
      street: 'Lindenweg 12',
      postcode: '79098',
      city: 'Freiburg im Breisgau',
      country: 'DE',
      vatId: 'DE287654321',
    },
    buyer: {
      name: 'Hofgut Sonnenhalde KG',
      street: 'Am Mühlbach 3',
      postcode: '88662',
      city: 'Überlingen',
      country: 'DE',
      vatId: 'DE194837261',
    },
    ...options,
  });
  return {
    ...data,
    sellerTaxNumber: '06/412/50937',
    buyerReference: 'Einkauf Sonnenhalde',
    iban: 'DE44680501010012345678',
    paymentTerms: 'Zahlbar innerhalb von 30 Tagen ohne Abzug',
  };
}

function party(p: EInvoiceData['seller'], taxNumber?: string): string {
  const e = escapeXml;
  return `<ram:Name>${e(p.name)}</ram:Name>
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>${e(p.postcode)}</ram:PostcodeCode>
          <ram:LineOne>${e(p.street)}</ram:LineOne>
          <ram:CityName>${e(p.city)}</ram:CityName>
          <ram:CountryID>${p.country}</ram:CountryID>
        </ram:PostalTradeAddress>${
          taxNumber
            ? `
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">${e(taxNumber)}</ram:ID></ram:SpecifiedTaxRegistration>`
            : ''
        }
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${e(p.vatId)}</ram:ID></ram:SpecifiedTaxRegistration>`;
}

/**
 * ZUGFeRD 1.0 XML as the 2014 schema orders it. BASIC lines state quantity, amount and name only;
 * COMFORT and EXTENDED add the net price, the line's VAT rate and the seller's article number.
 */
export function zugferd1Xml(data: EInvoiceData, profile: Zugferd1Profile = 'COMFORT'): string {
  const e = escapeXml;
  const c = data.currency;
  const detailed = profile !== 'BASIC';
  const lines = data.lineItems
    .map(
      (item, index) => `    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>${index + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>${
        detailed
          ? `
      <ram:SpecifiedSupplyChainTradeAgreement>
        <ram:GrossPriceProductTradePrice><ram:ChargeAmount currencyID="${c}">${amount(item.unitPrice)}</ram:ChargeAmount></ram:GrossPriceProductTradePrice>
        <ram:NetPriceProductTradePrice><ram:ChargeAmount currencyID="${c}">${amount(item.unitPrice)}</ram:ChargeAmount></ram:NetPriceProductTradePrice>
      </ram:SpecifiedSupplyChainTradeAgreement>`
          : ''
      }
      <ram:SpecifiedSupplyChainTradeDelivery>
        <ram:BilledQuantity unitCode="${data.unitCode}">${item.qty}</ram:BilledQuantity>
      </ram:SpecifiedSupplyChainTradeDelivery>
      <ram:SpecifiedSupplyChainTradeSettlement>${
        detailed
          ? `
        <ram:ApplicableTradeTax>
          <ram:TypeCode>VAT</ram:TypeCode>
          <ram:CategoryCode>S</ram:CategoryCode>
          <ram:ApplicablePercent>${percent(data.taxRate)}</ram:ApplicablePercent>
        </ram:ApplicableTradeTax>`
          : ''
      }
        <ram:SpecifiedTradeSettlementMonetarySummation>
          <ram:LineTotalAmount currencyID="${c}">${amount(item.amount)}</ram:LineTotalAmount>
        </ram:SpecifiedTradeSettlementMonetarySummation>
      </ram:SpecifiedSupplyChainTradeSettlement>
      <ram:SpecifiedTradeProduct>${
        detailed
          ? `
        <ram:SellerAssignedID>ART-${index + 1}</ram:SellerAssignedID>`
          : ''
      }
        <ram:Name>${e(item.description)}</ram:Name>
      </ram:SpecifiedTradeProduct>
    </ram:IncludedSupplyChainTradeLineItem>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15">
  <rsm:SpecifiedExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${ZUGFERD_1_PROFILES[profile]}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:SpecifiedExchangedDocumentContext>
  <rsm:HeaderExchangedDocument>
    <ram:ID>${e(data.invoiceNumber)}</ram:ID>
    <ram:Name>RECHNUNG</ram:Name>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">${compactDate(data.date)}</udt:DateTimeString></ram:IssueDateTime>
  </rsm:HeaderExchangedDocument>
  <rsm:SpecifiedSupplyChainTradeTransaction>
    <ram:ApplicableSupplyChainTradeAgreement>
      <ram:BuyerReference>${e(data.buyerReference)}</ram:BuyerReference>
      <ram:SellerTradeParty>
        ${party(data.seller, data.sellerTaxNumber)}
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty>
        ${party(data.buyer)}
      </ram:BuyerTradeParty>
      <ram:BuyerOrderReferencedDocument><ram:ID>${e(data.poNumber)}</ram:ID></ram:BuyerOrderReferencedDocument>
    </ram:ApplicableSupplyChainTradeAgreement>
    <ram:ApplicableSupplyChainTradeDelivery>
      <ram:ActualDeliverySupplyChainEvent>
        <ram:OccurrenceDateTime><udt:DateTimeString format="102">${compactDate(data.date)}</udt:DateTimeString></ram:OccurrenceDateTime>
      </ram:ActualDeliverySupplyChainEvent>
    </ram:ApplicableSupplyChainTradeDelivery>
    <ram:ApplicableSupplyChainTradeSettlement>
      <ram:PaymentReference>${e(data.invoiceNumber)}</ram:PaymentReference>
      <ram:InvoiceCurrencyCode>${c}</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>31</ram:TypeCode>
        <ram:PayeePartyCreditorFinancialAccount><ram:IBANID>${data.iban}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>
      </ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount currencyID="${c}">${amount(data.tax)}</ram:CalculatedAmount>
        <ram:TypeCode>VAT</ram:TypeCode>
        <ram:BasisAmount currencyID="${c}">${amount(data.subtotal)}</ram:BasisAmount>
        <ram:CategoryCode>S</ram:CategoryCode>
        <ram:ApplicablePercent>${percent(data.taxRate)}</ram:ApplicablePercent>
      </ram:ApplicableTradeTax>
      <ram:SpecifiedTradePaymentTerms>
        <ram:Description>${e(data.paymentTerms)}</ram:Description>
        <ram:DueDateDateTime><udt:DateTimeString format="102">${compactDate(data.dueDate)}</udt:DateTimeString></ram:DueDateDateTime>
      </ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementMonetarySummation>
        <ram:LineTotalAmount currencyID="${c}">${amount(data.subtotal)}</ram:LineTotalAmount>
        <ram:ChargeTotalAmount currencyID="${c}">0.00</ram:ChargeTotalAmount>
        <ram:AllowanceTotalAmount currencyID="${c}">0.00</ram:AllowanceTotalAmount>
        <ram:TaxBasisTotalAmount currencyID="${c}">${amount(data.subtotal)}</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="${c}">${amount(data.tax)}</ram:TaxTotalAmount>
        <ram:GrandTotalAmount currencyID="${c}">${amount(data.total)}</ram:GrandTotalAmount>
        <ram:DuePayableAmount currencyID="${c}">${amount(data.total)}</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementMonetarySummation>
    </ram:ApplicableSupplyChainTradeSettlement>
${lines}
  </rsm:SpecifiedSupplyChainTradeTransaction>
</rsm:CrossIndustryDocument>
`;
}

/** A ZUGFeRD 1.0 XML file on its own. */
export function zugferd1Invoice(
  options: Zugferd1Options = {},
): GeneratedDocument & { data: EInvoiceData } {
  const data = zugferd1Data(options);
  return {
    bytes: new TextEncoder().encode(zugferd1Xml(data, options.profile)),
    fileName: `zugferd1-${data.invoiceNumber}.xml`,
    contentType: XML_CONTENT_TYPE,
    data,
  };
}

/**
 * A ZUGFeRD 1.0 PDF: the printed invoice as a PDF/A-3 with its XML embedded as
 * `ZUGFeRD-invoice.xml`, named in the ZUGFeRD 1.0 XMP schema, as 2014–2019 invoicing software
 * wrote them. `misprint` prints amounts other than the XML's.
 */
export async function zugferd1Pdf(
  options: Zugferd1Options = {},
): Promise<GeneratedDocument & { data: EInvoiceData }> {
  const data = zugferd1Data(options);
  const profile = options.profile ?? 'COMFORT';
  const bytes = await hybridInvoicePdf(data, options, zugferd1Xml(data, profile), {
    namespace: 'urn:ferd:pdfa:CrossIndustryDocument:invoice:1p0#',
    fileName: 'ZUGFeRD-invoice.xml',
    version: '1.0',
    level: profile,
  });
  return {
    bytes,
    fileName: `zugferd1-${data.invoiceNumber}.pdf`,
    contentType: 'application/pdf',
    data,
  };
}
