/**
 * Structured e-invoices generated in memory: UBL 2.1 Invoice and CreditNote (Peppol BIS Billing
 * 3.0), UN/CEFACT CII (XRechnung), a Factur-X PDF/A-3 with its CII embedded, and hostile XML.
 * Every value a test checks is in `EInvoiceData`, built the same way as the printed invoices.
 */
import { AFRelationship, PDFDocument, PDFName } from 'pdf-lib';

import type { GeneratedDocument } from './document.js';
import { invoiceData, invoicePdf, type Invoice, type InvoiceOptions } from './invoice.js';

export interface EInvoiceParty {
  name: string;
  street: string;
  postcode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  vatId: string;
}

export interface EInvoiceOptions extends InvoiceOptions {
  seller?: EInvoiceParty;
  buyer?: EInvoiceParty;
}

/** The invoice's values as the XML states them, beside the printed invoice's. */
export interface EInvoiceData extends Invoice {
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  sellerTaxNumber: string;
  buyerReference: string;
  iban: string;
  paymentTerms: string;
  /** UN/ECE Rec 20 unit of every line ("C62": one, a piece). */
  unitCode: string;
}

export const XML_CONTENT_TYPE = 'application/xml';

/** The one-line address the engine reads from an e-invoice party ("street, postcode city, country"). */
export const addressLine = (party: EInvoiceParty) =>
  `${party.street}, ${party.postcode} ${party.city}, ${party.country}`;

/** An invoice's values with the e-invoice's own: parties with VAT ids, reference, bank account. */
export function einvoiceData(options: EInvoiceOptions = {}): EInvoiceData {
  const seller = options.seller ?? {
    name: 'Muster & Söhne GmbH',
    street: 'Hauptstraße 5',
    postcode: '10115',
    city: 'Berlin',
    country: 'DE',
    vatId: 'DE123456789',
  };
  const buyer = options.buyer ?? {
    name: 'Northwind Traders BV',
    street: 'Keizersgracht 100',
    postcode: '1015 AA',
    city: 'Amsterdam',
    country: 'NL',
    vatId: 'NL854502130B01',
  };
  const invoice = invoiceData({
    currency: 'EUR',
    taxRate: 0.19,
    ...options,
    vendor: { name: seller.name, address: [seller.street, `${seller.postcode} ${seller.city}`] },
    billTo: { name: buyer.name, address: [buyer.street, `${buyer.postcode} ${buyer.city}`] },
  });
  return {
    ...invoice,
    seller,
    buyer,
    sellerTaxNumber: '30/123/45678',
    buyerReference: '04011000-12345-03',
    iban: 'DE02120300000000202051',
    paymentTerms: 'Net 30 days',
    unitCode: 'C62',
  };
}

/** How the generated XML writes text, amounts, rates and dates (CII format 102). */
export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export const amount = (value: number) => value.toFixed(2);
export const percent = (rate: number) => (Math.round(rate * 10000) / 100).toFixed(2);
export const compactDate = (iso: string) => iso.replace(/-/g, '');

/** Profiles (specification identifiers) as the syntaxes' users write them. */
export const PROFILES = {
  peppol: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
  xrechnung: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
  facturX: 'urn:cen.eu:en16931:2017',
} as const;

/**
 * How much of an invoice a CII profile states: everything, everything but the lines (BASIC WL),
 * or the MINIMUM profile's header alone (number, date, parties' names and VAT ids, the buyer's
 * reference and order, currency and totals).
 */
export type CiiContent = 'full' | 'no_lines' | 'minimum';

/** Every Factur-X / ZUGFeRD 2.x profile and XRechnung, by its name, with what it states. */
export const FACTUR_X_PROFILES = {
  MINIMUM: { id: 'urn:factur-x.eu:1p0:minimum', content: 'minimum', level: 'MINIMUM' },
  'BASIC WL': { id: 'urn:factur-x.eu:1p0:basicwl', content: 'no_lines', level: 'BASIC WL' },
  BASIC: {
    id: 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic',
    content: 'full',
    level: 'BASIC',
  },
  EN16931: { id: PROFILES.facturX, content: 'full', level: 'EN 16931' },
  EXTENDED: {
    id: 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended',
    content: 'full',
    level: 'EXTENDED',
  },
  XRECHNUNG: { id: PROFILES.xrechnung, content: 'full', level: 'XRECHNUNG' },
} as const satisfies Record<string, { id: string; content: CiiContent; level: string }>;
export type FacturXProfile = keyof typeof FACTUR_X_PROFILES;

function ublParty(party: EInvoiceParty, taxNumber?: string): string {
  const e = escapeXml;
  return `<cac:Party>
      <cac:PartyName><cbc:Name>${e(party.name)}</cbc:Name></cac:PartyName>
      <cac:PostalAddress>
        <cbc:StreetName>${e(party.street)}</cbc:StreetName>
        <cbc:CityName>${e(party.city)}</cbc:CityName>
        <cbc:PostalZone>${e(party.postcode)}</cbc:PostalZone>
        <cac:Country><cbc:IdentificationCode>${party.country}</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>
      <cac:PartyTaxScheme>
        <cbc:CompanyID>${e(party.vatId)}</cbc:CompanyID>
        <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>
      </cac:PartyTaxScheme>${
        taxNumber
          ? `
      <cac:PartyTaxScheme>
        <cbc:CompanyID>${e(taxNumber)}</cbc:CompanyID>
        <cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme>
      </cac:PartyTaxScheme>`
          : ''
      }
      <cac:PartyLegalEntity><cbc:RegistrationName>${e(party.name)}</cbc:RegistrationName></cac:PartyLegalEntity>
    </cac:Party>`;
}

/** UBL 2.1 Invoice or CreditNote as Peppol BIS Billing 3.0 writes it. */
export function ublXml(data: EInvoiceData, kind: 'invoice' | 'credit_note' = 'invoice'): string {
  const e = escapeXml;
  const root = kind === 'invoice' ? 'Invoice' : 'CreditNote';
  const line = kind === 'invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  const quantity = kind === 'invoice' ? 'InvoicedQuantity' : 'CreditedQuantity';
  const c = data.currency;
  const due =
    kind === 'invoice'
      ? `<cbc:DueDate>${data.dueDate}</cbc:DueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>`
      : `<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>${PROFILES.peppol}</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
  <cbc:ID>${e(data.invoiceNumber)}</cbc:ID>
  <cbc:IssueDate>${data.date}</cbc:IssueDate>
  ${due}
  <cbc:DocumentCurrencyCode>${c}</cbc:DocumentCurrencyCode>
  <cbc:BuyerReference>${e(data.buyerReference)}</cbc:BuyerReference>
  <cac:OrderReference><cbc:ID>${e(data.poNumber)}</cbc:ID></cac:OrderReference>
  <cac:AccountingSupplierParty>
    ${ublParty(data.seller, data.sellerTaxNumber)}
  </cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>
    ${ublParty(data.buyer)}
  </cac:AccountingCustomerParty>
  <cac:PaymentMeans>
    <cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>${
      kind === 'credit_note' ? `\n    <cbc:PaymentDueDate>${data.dueDate}</cbc:PaymentDueDate>` : ''
    }
    <cac:PayeeFinancialAccount><cbc:ID>${data.iban}</cbc:ID></cac:PayeeFinancialAccount>
  </cac:PaymentMeans>
  <cac:PaymentTerms><cbc:Note>${e(data.paymentTerms)}</cbc:Note></cac:PaymentTerms>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="${c}">${amount(data.tax)}</cbc:TaxAmount>
    <cac:TaxSubtotal>
      <cbc:TaxableAmount currencyID="${c}">${amount(data.subtotal)}</cbc:TaxableAmount>
      <cbc:TaxAmount currencyID="${c}">${amount(data.tax)}</cbc:TaxAmount>
      <cac:TaxCategory>
        <cbc:ID>S</cbc:ID>
        <cbc:Percent>${percent(data.taxRate)}</cbc:Percent>
        <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>
      </cac:TaxCategory>
    </cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="${c}">${amount(data.subtotal)}</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="${c}">${amount(data.subtotal)}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="${c}">${amount(data.total)}</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="${c}">${amount(data.total)}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
${data.lineItems
  .map(
    (item, index) => `  <cac:${line}>
    <cbc:ID>${index + 1}</cbc:ID>
    <cbc:${quantity} unitCode="${data.unitCode}">${item.qty}</cbc:${quantity}>
    <cbc:LineExtensionAmount currencyID="${c}">${amount(item.amount)}</cbc:LineExtensionAmount>
    <cac:Item>
      <cbc:Name>${e(item.description)}</cbc:Name>
      <cac:SellersItemIdentification><cbc:ID>ART-${index + 1}</cbc:ID></cac:SellersItemIdentification>
      <cac:ClassifiedTaxCategory>
        <cbc:ID>S</cbc:ID>
        <cbc:Percent>${percent(data.taxRate)}</cbc:Percent>
        <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>
      </cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="${c}">${amount(item.unitPrice)}</cbc:PriceAmount></cac:Price>
  </cac:${line}>`,
  )
  .join('\n')}
</${root}>
`;
}

function ciiParty(party: EInvoiceParty, taxNumber?: string, minimum = false): string {
  const e = escapeXml;
  if (minimum) {
    return `<ram:Name>${e(party.name)}</ram:Name>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${e(party.vatId)}</ram:ID></ram:SpecifiedTaxRegistration>`;
  }
  return `<ram:Name>${e(party.name)}</ram:Name>
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>${e(party.postcode)}</ram:PostcodeCode>
          <ram:LineOne>${e(party.street)}</ram:LineOne>
          <ram:CityName>${e(party.city)}</ram:CityName>
          <ram:CountryID>${party.country}</ram:CountryID>
        </ram:PostalTradeAddress>${
          taxNumber
            ? `
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">${e(taxNumber)}</ram:ID></ram:SpecifiedTaxRegistration>`
            : ''
        }
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${e(party.vatId)}</ram:ID></ram:SpecifiedTaxRegistration>`;
}

/**
 * UN/CEFACT CII D16B, as XRechnung and Factur-X / ZUGFeRD 2.x write it; `content` leaves out what
 * the lighter profiles do not state.
 */
export function ciiXml(
  data: EInvoiceData,
  profile: string = PROFILES.xrechnung,
  content: CiiContent = 'full',
): string {
  const e = escapeXml;
  const c = data.currency;
  const minimum = content === 'minimum';
  const lines = content === 'full' ? data.lineItems : [];
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${profile}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${e(data.invoiceNumber)}</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">${compactDate(data.date)}</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
${lines
  .map(
    (item, index) => `    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>${index + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct>
        <ram:SellerAssignedID>ART-${index + 1}</ram:SellerAssignedID>
        <ram:Name>${e(item.description)}</ram:Name>
      </ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:NetPriceProductTradePrice><ram:ChargeAmount>${amount(item.unitPrice)}</ram:ChargeAmount></ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery>
        <ram:BilledQuantity unitCode="${data.unitCode}">${item.qty}</ram:BilledQuantity>
      </ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax>
          <ram:TypeCode>VAT</ram:TypeCode>
          <ram:CategoryCode>S</ram:CategoryCode>
          <ram:RateApplicablePercent>${percent(data.taxRate)}</ram:RateApplicablePercent>
        </ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation>
          <ram:LineTotalAmount>${amount(item.amount)}</ram:LineTotalAmount>
        </ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>`,
  )
  .join('\n')}
    <ram:ApplicableHeaderTradeAgreement>
      <ram:BuyerReference>${e(data.buyerReference)}</ram:BuyerReference>
      <ram:SellerTradeParty>
        ${ciiParty(data.seller, data.sellerTaxNumber, minimum)}
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty>
        ${ciiParty(data.buyer, undefined, minimum)}
      </ram:BuyerTradeParty>
      <ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>${e(data.poNumber)}</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>${c}</ram:InvoiceCurrencyCode>${
        minimum
          ? ''
          : `
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>58</ram:TypeCode>
        <ram:PayeePartyCreditorFinancialAccount><ram:IBANID>${data.iban}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>
      </ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount>${amount(data.tax)}</ram:CalculatedAmount>
        <ram:TypeCode>VAT</ram:TypeCode>
        <ram:BasisAmount>${amount(data.subtotal)}</ram:BasisAmount>
        <ram:CategoryCode>S</ram:CategoryCode>
        <ram:RateApplicablePercent>${percent(data.taxRate)}</ram:RateApplicablePercent>
      </ram:ApplicableTradeTax>
      <ram:SpecifiedTradePaymentTerms>
        <ram:Description>${e(data.paymentTerms)}</ram:Description>
        <ram:DueDateDateTime><udt:DateTimeString format="102">${compactDate(data.dueDate)}</udt:DateTimeString></ram:DueDateDateTime>
      </ram:SpecifiedTradePaymentTerms>`
      }
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>${
        minimum
          ? ''
          : `
        <ram:LineTotalAmount>${amount(data.subtotal)}</ram:LineTotalAmount>`
      }
        <ram:TaxBasisTotalAmount>${amount(data.subtotal)}</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="${c}">${amount(data.tax)}</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>${amount(data.total)}</ram:GrandTotalAmount>
        <ram:DuePayableAmount>${amount(data.total)}</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
}

const xmlDocument = (xml: string, fileName: string): GeneratedDocument => ({
  bytes: new TextEncoder().encode(xml),
  fileName,
  contentType: XML_CONTENT_TYPE,
});

/** A Peppol BIS Billing 3.0 UBL invoice. */
export function ublInvoice(
  options: EInvoiceOptions = {},
): GeneratedDocument & { data: EInvoiceData } {
  const data = einvoiceData(options);
  return { ...xmlDocument(ublXml(data, 'invoice'), `ubl-${data.invoiceNumber}.xml`), data };
}

/** A Peppol BIS Billing 3.0 UBL credit note. */
export function ublCreditNote(
  options: EInvoiceOptions = {},
): GeneratedDocument & { data: EInvoiceData } {
  const data = einvoiceData({ invoiceNumber: 'CN-2024-0007', ...options });
  return { ...xmlDocument(ublXml(data, 'credit_note'), `ubl-${data.invoiceNumber}.xml`), data };
}

/** An XRechnung in the CII syntax. */
export function ciiXRechnung(
  options: EInvoiceOptions = {},
): GeneratedDocument & { data: EInvoiceData } {
  const data = einvoiceData(options);
  return { ...xmlDocument(ciiXml(data), `xrechnung-${data.invoiceNumber}.xml`), data };
}

/** The XMP extension schema a hybrid invoice names its embedded XML in. */
export interface HybridXmp {
  /** The schema's namespace, e.g. `urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#`. */
  namespace: string;
  fileName: string;
  version: string;
  /** The profile as the XMP names it: "EN 16931", "BASIC WL", "COMFORT"… */
  level: string;
}

const FACTUR_X_XMP_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/** The XMP: PDF/A-3B identification and the hybrid format's extension naming the embedded file. */
function hybridMetadata(xmp: HybridXmp): string {
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
      <pdfaid:part>3</pdfaid:part>
      <pdfaid:conformance>B</pdfaid:conformance>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:fx="${xmp.namespace}">
      <fx:DocumentType>INVOICE</fx:DocumentType>
      <fx:DocumentFileName>${xmp.fileName}</fx:DocumentFileName>
      <fx:Version>${xmp.version}</fx:Version>
      <fx:ConformanceLevel>${xmp.level}</fx:ConformanceLevel>
    </rdf:Description>
  </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/**
 * A hybrid invoice: the printed invoice of `data` as a PDF/A-3 with `xml` embedded under the
 * XMP's file name (relationship Alternative, as Factur-X and ZUGFeRD require).
 */
export async function hybridInvoicePdf(
  data: EInvoiceData,
  options: InvoiceOptions,
  xml: string,
  xmp: HybridXmp,
): Promise<Uint8Array> {
  const printed = await invoicePdf({
    ...options,
    invoiceNumber: data.invoiceNumber,
    date: data.date,
    dueDate: data.dueDate,
    poNumber: data.poNumber,
    currency: data.currency,
    taxRate: data.taxRate,
    vendor: data.vendor,
    billTo: data.billTo,
  });
  const pdf = await PDFDocument.load(printed.bytes);
  await pdf.attach(new TextEncoder().encode(xml), xmp.fileName, {
    mimeType: 'text/xml',
    description: 'Invoice in structured form',
    afRelationship: AFRelationship.Alternative,
    creationDate: new Date(`${data.date}T00:00:00Z`),
    modificationDate: new Date(`${data.date}T00:00:00Z`),
  });
  const metadata = pdf.context.stream(hybridMetadata(xmp), {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  pdf.catalog.set(PDFName.of('Metadata'), pdf.context.register(metadata));
  return pdf.save({ useObjectStreams: false });
}

/**
 * A Factur-X invoice: the printed invoice as a PDF/A-3 with its CII embedded as `factur-x.xml`
 * (relationship Alternative, as the standard requires). `misprint` prints amounts other than
 * the XML's, which is what a tampered or inconsistent invoice looks like. `embeddedXml` attaches
 * other XML in place of the invoice's CII (a broken or hostile attachment). `profile` writes the
 * CII of that profile (EN 16931 by default); `attachmentName` embeds it under another name, as
 * ZUGFeRD 2.0 (`zugferd-invoice.xml`) and XRechnung (`xrechnung.xml`) PDFs do.
 */
export async function facturXPdf(
  options: EInvoiceOptions & {
    embeddedXml?: string;
    profile?: FacturXProfile;
    attachmentName?: string;
  } = {},
): Promise<GeneratedDocument & { data: EInvoiceData }> {
  const data = einvoiceData(options);
  const profile = FACTUR_X_PROFILES[options.profile ?? 'EN16931'];
  const bytes = await hybridInvoicePdf(
    data,
    options,
    options.embeddedXml ?? ciiXml(data, profile.id, profile.content),
    {
      namespace: FACTUR_X_XMP_NAMESPACE,
      fileName: options.attachmentName ?? 'factur-x.xml',
      version: '1.0',
      level: profile.level,
    },
  );
  return {
    bytes,
    fileName: `factur-x-${data.invoiceNumber}.pdf`,
    contentType: 'application/pdf',
    data,
  };
}

/** A UBL invoice whose document type declares an external entity reading a local file (XXE). */
export function xxeInvoiceXml(): GeneratedDocument {
  const xml = ublXml(einvoiceData()).replace(
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE Invoice [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>',
  );
  return xmlDocument(xml.replace('<cbc:Note>Net 30 days', '<cbc:Note>&secret;'), 'xxe-invoice.xml');
}

/** A UBL invoice whose entities expand to a billion copies of "lol" ("billion laughs"). */
export function billionLaughsXml(): GeneratedDocument {
  const entities = ['<!ENTITY lol0 "lol">'];
  for (let i = 1; i <= 9; i++) {
    entities.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
  }
  const xml = ublXml(einvoiceData()).replace(
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE Invoice [ ${entities.join(' ')} ]>`,
  );
  return xmlDocument(xml.replace('<cbc:Note>Net 30 days', '<cbc:Note>&lol9;'), 'lol-invoice.xml');
}

/** A UBL invoice cut off in the middle: not well-formed. */
export function truncatedInvoiceXml(): GeneratedDocument {
  const xml = ublXml(einvoiceData());
  return xmlDocument(xml.slice(0, Math.floor(xml.length * 0.6)), 'cut-off-invoice.xml');
}
