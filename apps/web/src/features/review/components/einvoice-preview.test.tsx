import { beforeEach, describe, expect, it } from 'vitest';

import { fixtures } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { render, screen, within } from '@/test/render';

import { EInvoicePreview } from './einvoice-preview';

/** A small Peppol UBL invoice, as a supplier would send it. */
const UBL = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>INV-77</cbc:ID>
  <cbc:IssueDate>2024-03-15</cbc:IssueDate>
  <cac:AccountingSupplierParty><cac:Party>
    <cac:PartyName><cbc:Name>Muster &amp; Söhne GmbH</cbc:Name></cac:PartyName>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:LegalMonetaryTotal>
    <cbc:PayableAmount currencyID="EUR">1190.00</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="C62">2</cbc:InvoicedQuantity></cac:InvoiceLine>
  <cac:InvoiceLine><cbc:ID>2</cbc:ID><cbc:InvoicedQuantity unitCode="HUR">3</cbc:InvoicedQuantity></cac:InvoiceLine>
</Invoice>`;

const xmlFile = (text: string) => () =>
  new Response(text, { status: 200, headers: { 'Content-Type': 'application/xml' } });

const renderPreview = (highlightXpath: string | null = null) =>
  render(<EInvoicePreview fileId="file-x" highlightXpath={highlightXpath} />, {
    user: fixtures.me(),
  });

describe('EInvoicePreview', () => {
  beforeEach(() => {
    mockApi({ 'GET /api/files/file-x/view': xmlFile(UBL) });
  });

  it('shows the XML as named values in tables, not as markup', async () => {
    renderPreview();
    const totals = await screen.findByRole('table', { name: 'Legal Monetary Total' });
    const payable = within(totals).getByRole('row', { name: /Payable Amount/ });
    expect(payable).toHaveTextContent('1190.00 EUR');
    const seller = screen.getByRole('table', {
      name: 'Accounting Supplier Party › Party › Party Name',
    });
    expect(within(seller).getByRole('row', { name: /Name/ })).toHaveTextContent(
      'Muster & Söhne GmbH',
    );
    expect(screen.getByRole('table', { name: 'Invoice Line 2' })).toHaveTextContent('3 HUR');
    expect(screen.getByRole('table', { name: 'Invoice' })).toHaveTextContent('INV-77');
    expect(screen.queryByText(/<cbc:|cbc:ID/)).not.toBeInTheDocument();
  });

  it("marks the row of the focused value's XPath, an attribute's on its element", async () => {
    const { rerender } = renderPreview('/Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount');
    const totals = await screen.findByRole('table', { name: 'Legal Monetary Total' });
    expect(within(totals).getByRole('row', { name: /Payable Amount/ })).toHaveAttribute(
      'data-highlighted',
      'true',
    );
    rerender(
      <EInvoicePreview
        fileId="file-x"
        highlightXpath="/Invoice/cac:InvoiceLine[2]/cbc:InvoicedQuantity/@unitCode"
      />,
    );
    const line = screen.getByRole('table', { name: 'Invoice Line 2' });
    expect(within(line).getByRole('row', { name: /Invoiced Quantity/ })).toHaveAttribute(
      'data-highlighted',
      'true',
    );
    expect(within(totals).getByRole('row', { name: /Payable Amount/ })).not.toHaveAttribute(
      'data-highlighted',
    );
  });

  it('refuses to show XML that declares entities', async () => {
    mockApi({
      'GET /api/files/file-x/view': xmlFile(
        UBL.replace('<Invoice ', '<!DOCTYPE Invoice [<!ENTITY x "y">]>\n<Invoice '),
      ),
    });
    renderPreview();
    expect(
      await screen.findByText('This XML declares a document type or entities and is not shown.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
