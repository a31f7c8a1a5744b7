import { describe, expect, it } from 'vitest';

import { flowFixtures as f } from '@/features/pipelines/test/fixtures';
import { screen, userEvent, within } from '@/test/render';
import { openReviewScreen } from '@/test/review-screen';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>INV-77</cbc:ID>
  <cbc:IssueDate>2024-03-15</cbc:IssueDate>
  <cac:LegalMonetaryTotal>
    <cbc:TaxInclusiveAmount currencyID="EUR">1190.00</cbc:TaxInclusiveAmount>
  </cac:LegalMonetaryTotal>
</Invoice>`;

const fromXml = (value: string | number, xpath: string) => ({
  value,
  confidence: 1,
  source: null,
  origin: { kind: 'einvoice' as const, xpath },
});

/** An e-invoice sent as XML alone, extracted from its XML. */
const record = f.review({
  original_filename: 'ubl-INV-77.xml',
  content_type: 'application/xml',
  pages: 1,
  page_sizes: [{ number: 1, width: 612, height: 792 }],
  extracted_data: {
    fields: {
      invoice_number: fromXml('INV-77', '/Invoice/cbc:ID'),
      invoice_date: fromXml('2024-03-15', '/Invoice/cbc:IssueDate'),
      total: fromXml(1190, '/Invoice/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount'),
      paid: { value: null, confidence: 0, source: null },
    },
    tables: { line_items: { rows: [] } },
  },
});

describe('/review/:pipelineId for an e-invoice XML', { timeout: 30_000 }, () => {
  it('previews the XML as tables and points at the source of a focused value', async () => {
    openReviewScreen(record, {
      extra: {
        'GET /api/files/file-1/view': () =>
          new Response(XML, { status: 200, headers: { 'Content-Type': 'application/xml' } }),
      },
    });

    const totals = await screen.findByRole('table', { name: 'Legal Monetary Total' });
    const row = within(totals).getByRole('row', { name: /Tax Inclusive Amount/ });
    expect(row).toHaveTextContent('1190.00 EUR');
    expect(row).not.toHaveAttribute('data-highlighted');
    expect(screen.queryByText('Preview not available for this file type')).not.toBeInTheDocument();

    const total = screen.getByRole('textbox', { name: 'Total' });
    expect(total).toHaveAccessibleDescription('Source: e-invoice XML');
    await userEvent.click(total);
    expect(row).toHaveAttribute('data-highlighted', 'true');
  });
});

describe('/review/:pipelineId for a PDF whose e-invoice XML could not be read', () => {
  it(
    'tells the reviewer why, and lists the warning in the history',
    { timeout: 30_000 },
    async () => {
      const pdf = f.review({
        original_filename: 'factur-x-INV-9.pdf',
        history: [
          {
            id: 1,
            kind: 'created',
            actor: 'clerk@example.com',
            at: '2024-03-15T10:00:00Z',
            data: {},
          },
          {
            id: 2,
            kind: 'einvoice_warning',
            actor: 'System',
            at: '2024-03-15T10:00:05Z',
            data: { step: 'extraction', message: 'it is not well-formed XML' },
          },
        ],
      });
      openReviewScreen(pdf);

      expect(
        await screen.findByText(
          'This PDF carries an e-invoice XML that could not be read: it is not well-formed XML; values were read from the page',
        ),
      ).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: /History \(2\)/ }));
      expect(
        screen.getByText(
          'E-invoice XML not read, values read from the page: it is not well-formed XML',
        ),
      ).toBeInTheDocument();
    },
  );

  it('shows no such notice for a document without the warning', { timeout: 30_000 }, async () => {
    openReviewScreen(f.review());
    expect(await screen.findByRole('heading', { name: 'Review Document' })).toBeInTheDocument();
    expect(screen.queryByText(/could not be read/)).not.toBeInTheDocument();
  });
});
