import { afterEach, describe, expect, it } from 'vitest';
import { notifications } from '@mantine/notifications';

import { AppRoutes } from '@/app/router';
import {
  docTypeFixture,
  suggestionFixture,
  testResultFixture,
  uploadedFileFixture,
} from '@/features/doc-types/test/fixtures';
import { fixtures } from '@/test/fixtures';
import { json, mockApi } from '@/test/mock-api';
import { render, screen, userEvent, waitFor, within } from '@/test/render';

afterEach(() => notifications.clean());

/** An e-invoice as a browser hands it over (the server, not the browser, checks contents). */
const xmlFile = (name = 'xrechnung.xml') =>
  new File(['<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'], name, {
    type: 'application/xml',
  });

const nextButton = () => screen.getByRole('button', { name: 'Next Step' });
const stepHeader = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^Step \\d+: ${name}$`) });

describe('the document type wizard with e-invoice XML', { timeout: 30_000 }, () => {
  it('takes an e-invoice XML as the Quick Setup example and shows its suggestions', async () => {
    const stub = mockApi({
      'POST /api/files:upload': () =>
        json(
          uploadedFileFixture({ fileName: 'xrechnung.xml', contentType: 'application/xml' }),
          201,
        ),
      'POST /api/files/file-1/extract': () =>
        json(
          suggestionFixture({
            fields: {
              invoice_number: { label: 'Invoice Number', type: 'string', value: 'RE-2024-17' },
              vendor_vat_id: { label: 'Vendor VAT ID', type: 'string', value: 'DE123456789' },
            },
            tables: {
              vat_breakdown: {
                label: 'VAT Breakdown',
                columns: { rate: { label: 'Rate', type: 'number' } },
              },
            },
          }),
        ),
    });
    render(<AppRoutes />, { route: '/doc-types/new', user: fixtures.me() });
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'XRechnung');
    await userEvent.click(nextButton());

    expect(screen.getByText(/One file: .*\bxml\b/)).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Upload an example document'), xmlFile());
    expect(
      await screen.findByText('Suggested 2 fields and 1 table. Review them in the next step.'),
    ).toBeInTheDocument();
    expect(screen.getByText('xrechnung.xml')).toBeInTheDocument();
    const sent = (stub.callsTo('POST /api/files:upload')[0]?.body as FormData).get('file');
    expect((sent as File).name).toBe('xrechnung.xml');
    const suggested = screen.getByRole('list', { name: 'AI extracted fields and tables' });
    expect(within(suggested).getByText('AI · Vendor VAT ID')).toBeInTheDocument();
  });

  it('tests the configuration on an e-invoice XML', async () => {
    const stub = mockApi({
      'POST /api/files:upload': () =>
        json(uploadedFileFixture({ fileName: 'peppol.xml', contentType: 'application/xml' }), 201),
      'POST /api/doc-types': () => json(docTypeFixture({ id: 'tmp-1' }), 201),
      'POST /api/doc-types/tmp-1/test': () =>
        json(
          testResultFixture({
            fields: { invoice_number: { value: 'INV-77', confidence: 1, source: null } },
            tables: { line_items: { rows: [] } },
          }),
        ),
    });
    render(<AppRoutes />, { route: '/doc-types/new', user: fixtures.me() });
    await userEvent.click(screen.getByRole('radio', { name: 'Invoice' }));
    await userEvent.click(stepHeader('Test'));

    await userEvent.upload(screen.getByLabelText('Upload test document'), xmlFile('peppol.xml'));
    expect(await screen.findByText('Test file ready')).toBeInTheDocument();
    await waitFor(() =>
      expect(stub.callsTo('POST /api/doc-types/tmp-1/test')[0]?.body).toEqual({
        fileId: 'file-1',
      }),
    );
    expect(await screen.findByRole('row', { name: /Invoice Number/ })).toHaveTextContent('INV-77');
  });
});
