import { PRESETS } from '@parser/contracts';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app/router';
import {
  docTypeFixture,
  invoiceDocType,
  pdfFile,
  suggestionFixture,
  testResultFixture,
  uploadedFileFixture,
} from '@/features/doc-types/test/fixtures';
import { fixtures } from '@/test/fixtures';
import { errorResponse, json, mockApi } from '@/test/mock-api';
import { render, screen, userEvent, waitFor, within } from '@/test/render';

// Notifications live in a module-level store: clear them so one test's toasts never leak into the next.
afterEach(() => notifications.clean());

const nextButton = () => screen.getByRole('button', { name: 'Next Step' });
const stepHeader = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^Step \\d+: ${name}$`) });
const stepNames = () =>
  screen
    .getAllByRole('button', { name: /^Step \d+: / })
    .map((step) => step.getAttribute('aria-label')?.replace(/^Step \d+: /, ''));

function renderWizard(route = '/doc-types/new') {
  return render(<AppRoutes />, { route, user: fixtures.me() });
}

/** Walking a wizard through jsdom takes a few seconds on a busy machine. */
const WIZARD_TIMEOUT = { timeout: 30_000 };

async function next() {
  await waitFor(() => expect(nextButton()).toBeEnabled());
  await userEvent.click(nextButton());
}

/** A suggested 'Items' table with a name and a price column. */
const ITEMS_TABLE = {
  items: {
    label: 'Items',
    columns: {
      name: { label: 'Name', type: 'string' },
      price: { label: 'Price', type: 'currency' },
    },
  },
} as const;

describe('POST /api/doc-types from the create wizard', WIZARD_TIMEOUT, () => {
  it('creates a type from the invoice preset, gating Next on the name', async () => {
    const stub = mockApi({
      'GET /api/rag': () => json([]),
      'POST /api/doc-types': () => json(invoiceDocType({ id: 'dt-new' }), 201),
      'GET /api/doc-types': () => json([invoiceDocType({ id: 'dt-new' })]),
    });
    renderWizard();

    expect(screen.getByRole('heading', { name: 'Create Document Type' })).toBeInTheDocument();
    expect(screen.getByText('Set up a new document processing workflow')).toBeInTheDocument();
    expect(stepNames()).toEqual([
      'Basics',
      'Quick Setup',
      'Regions',
      'RAG & Agents',
      'Export Settings',
      'Test',
      'Summary',
    ]);
    expect(nextButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), '   ');
    expect(nextButton()).toBeDisabled();

    await userEvent.click(screen.getByRole('radio', { name: 'Invoice' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Invoice');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue(
      PRESETS.invoice.description,
    );
    // A preset type has no Quick Setup step.
    expect(stepNames()).toEqual([
      'Basics',
      'Regions',
      'RAG & Agents',
      'Export Settings',
      'Test',
      'Summary',
    ]);
    expect(nextButton()).toBeEnabled();

    await next();
    const fields = screen.getByRole('table', { name: 'Fields' });
    expect(within(fields).getAllByRole('textbox', { name: /^Key of field/ })).toHaveLength(9);
    expect(within(fields).getByRole('textbox', { name: 'Key of field 1' })).toHaveValue(
      'invoice_number',
    );
    expect(screen.getByRole('group', { name: 'Table 1' })).toBeInTheDocument();

    await next(); // RAG & Agents
    expect(screen.getByRole('switch', { name: /Data Entry Agent/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /Reconciliation Agent/ })).toBeChecked();
    await next(); // Export Settings
    await next(); // Test: no example file, so nothing runs by itself
    expect(screen.getByRole('heading', { name: 'Test Extraction' })).toBeInTheDocument();
    expect(screen.getByText('Upload test document')).toBeInTheDocument();
    expect(stub.callsTo('POST /api/doc-types')).toHaveLength(0);
    await next(); // Summary

    expect(screen.getByRole('heading', { name: 'Review & Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next Step' })).not.toBeInTheDocument();
    expect(screen.getByText('9 fields defined')).toBeInTheDocument();
    expect(screen.getByText('1 table defined')).toBeInTheDocument();
    expect(screen.getByText('Line Items (4 columns)')).toBeInTheDocument();
    const labels = within(screen.getByRole('list', { name: 'Field labels' }));
    expect(labels.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Invoice Number *',
      'Invoice Date *',
      'Vendor Name',
      'Bill To',
      'Subtotal',
      'Tax',
      'Total *',
      'PO Number',
      'Due Date',
    ]);
    expect(screen.getByText('0 knowledge documents uploaded')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save Document Type' }));
    expect(await screen.findByText('Document type saved successfully!')).toBeInTheDocument();
    expect(
      screen.getByText('Your document type has been created and is ready to use for uploads.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Document Types' })).toBeInTheDocument();

    const [create] = stub.callsTo('POST /api/doc-types');
    expect(create?.body).toMatchObject({
      name: 'Invoice',
      description: PRESETS.invoice.description,
      presetKey: 'invoice',
      agentsEnabled: { extract: true, data_entry: true, recon: true },
      referenceDocuments: [],
      exportSettings: {
        auto_export_on_approval: false,
        export_formats: [
          { type: 'csv', enabled: false },
          { type: 'xlsx', enabled: false },
          { type: 'json', enabled: false },
          { type: 'webhook', enabled: false },
        ],
        config: { include_metadata: true, include_raw: false, include_recon: false, timeout: 30 },
      },
    });
    const body = create?.body as {
      fields: { key: string; required: boolean }[];
      temporary?: boolean;
    };
    expect(body.fields.map((field) => field.key)).toEqual(
      PRESETS.invoice.fields.map((field) => field.key),
    );
    expect(body.fields.filter((field) => field.required).map((field) => field.key)).toEqual([
      'invoice_number',
      'invoice_date',
      'total',
    ]);
    expect(body.temporary).toBeUndefined();
  });

  it('replaces fields with each preset, and Custom / Clear preset empties them', async () => {
    mockApi({});
    renderWizard();
    await userEvent.click(screen.getByRole('radio', { name: 'Invoice' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Receipt' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Receipt');
    await userEvent.click(stepHeader('Regions'));
    expect(
      within(screen.getByRole('table', { name: 'Fields' }))
        .getAllByRole('textbox', { name: /^Key of field/ })
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(PRESETS.receipt.fields.map((field) => field.key));

    await userEvent.click(stepHeader('Basics'));
    await userEvent.click(screen.getByRole('button', { name: 'Clear preset' }));
    // The name stays; fields and tables are gone, so Quick Setup is back and Regions is closed.
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Receipt');
    expect(stepNames()).toContain('Quick Setup');
    expect(stepHeader('Regions')).toHaveAttribute('aria-disabled', 'true');

    await userEvent.click(screen.getByRole('radio', { name: 'Handwritten Log' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    await userEvent.click(nextButton());
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: 'Custom' })).toBeChecked();
  });

  it("shows 'Failed to save document type' with the server message", async () => {
    mockApi({
      'GET /api/rag': () => json([]),
      'POST /api/doc-types': () =>
        errorResponse(400, {
          detail: ['Table key "total" is also a field key'],
          code: 'VALIDATION_FAILED',
        }),
    });
    renderWizard();
    await userEvent.click(screen.getByRole('radio', { name: 'Receipt' }));
    await userEvent.click(stepHeader('Summary'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Document Type' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to save document type')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Table key "total" is also a field key');
    expect(screen.getByRole('heading', { name: 'Review & Save' })).toBeInTheDocument();
  });
});

describe(
  'Quick Setup: POST /api/files:upload then POST /api/files/:id/extract',
  WIZARD_TIMEOUT,
  () => {
    const suggestion = suggestionFixture({
      fields: {
        receipt_number: { label: 'Receipt Number', type: 'string', value: 'R-1001' },
        total: { label: 'Total', type: 'currency', value: '42.50' },
      },
      tables: ITEMS_TABLE,
    });

    async function startCustomType() {
      await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Receipts');
      await userEvent.click(nextButton());
      expect(nextButton()).toBeDisabled();
    }

    it('uploads the example, extracts automatically and marks the suggestions as AI extracted', async () => {
      const stub = mockApi({
        'POST /api/files:upload': () => json(uploadedFileFixture({ fileName: 'receipt.pdf' }), 201),
        'POST /api/files/file-1/extract': () => json(suggestion),
      });
      renderWizard();
      await startCustomType();

      await userEvent.upload(
        screen.getByLabelText('Upload an example document'),
        pdfFile('receipt.pdf'),
      );
      expect(
        await screen.findByText('Suggested 2 fields and 1 table. Review them in the next step.'),
      ).toBeInTheDocument();
      expect(screen.getByText('receipt.pdf')).toBeInTheDocument();
      const upload = stub.callsTo('POST /api/files:upload')[0];
      expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
      expect(stub.callsTo('POST /api/files/file-1/extract')[0]?.body).toBeUndefined();

      await next();
      const fields = screen.getByRole('table', { name: 'Fields' });
      expect(within(fields).getByRole('textbox', { name: 'Label of field 1' })).toHaveValue(
        'Receipt Number',
      );
      expect(within(fields).getByText('Example: R-1001')).toBeInTheDocument();
      expect(within(fields).getAllByText('AI')).toHaveLength(2);
      expect(
        within(screen.getByRole('group', { name: 'Table 1' })).getByText('AI'),
      ).toBeInTheDocument();
    });

    it('says AI extraction failed and still lets the admin continue', async () => {
      mockApi({
        'POST /api/files:upload': () => json(uploadedFileFixture(), 201),
        'POST /api/files/file-1/extract': () =>
          errorResponse(422, {
            detail: 'No text found in the document',
            code: 'EXTRACTION_FAILED',
          }),
      });
      renderWizard();
      await startCustomType();
      await userEvent.upload(screen.getByLabelText('Upload an example document'), pdfFile());

      expect(
        await screen.findByText(
          'AI extraction failed, but you can still manually define fields in the next step.',
        ),
      ).toBeInTheDocument();
      await next();
      expect(
        screen.getByText('Add at least one field or table to describe what to extract.'),
      ).toBeInTheDocument();
      expect(nextButton()).toBeDisabled();
      await userEvent.click(screen.getByRole('button', { name: 'Add Field' }));
      expect(screen.getByRole('textbox', { name: 'Key of field 1' })).toHaveValue('field_1');
      expect(screen.getByRole('textbox', { name: 'Label of field 1' })).toHaveValue('Field 1');
      expect(nextButton()).toBeEnabled();

      // An invalid key holds the admin on this step until it is fixed.
      const key = screen.getByRole('textbox', { name: 'Key of field 1' });
      await userEvent.type(key, '-X');
      expect(nextButton()).toBeDisabled();
      expect(
        screen.getByText(
          'Add at least one field or table, with a label and a valid, unique key for each',
        ),
      ).toBeInTheDocument();
      await userEvent.clear(key);
      await userEvent.type(key, 'receipt_total');
      expect(nextButton()).toBeEnabled();
    });

    it("shows 'Upload failed' with the server detail for an unsupported file", async () => {
      mockApi({
        'POST /api/files:upload': () =>
          errorResponse(415, {
            detail: 'Unsupported file type: application/x-msdownload',
            code: 'UNSUPPORTED_FILE',
          }),
      });
      renderWizard();
      await startCustomType();
      await userEvent.upload(screen.getByLabelText('Upload an example document'), pdfFile());
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Upload failed')).toBeInTheDocument();
      expect(alert).toHaveTextContent('Unsupported file type: application/x-msdownload');
      expect(nextButton()).toBeDisabled();
    });
  },
);

describe('Test step: a temporary type, then POST /api/doc-types/:id/test', WIZARD_TIMEOUT, () => {
  const suggestion = suggestionFixture({
    fields: {
      merchant: { label: 'Merchant', type: 'string', value: 'Corner Shop' },
      purchase_date: { label: 'Purchase Date', type: 'date', value: '2025-03-01' },
      total: { label: 'Total', type: 'currency', value: '7.50' },
    },
    tables: ITEMS_TABLE,
  });
  const result = testResultFixture({
    fields: {
      merchant: { value: 'Corner Shop', confidence: 0.3, source: null },
      purchase_date: { value: '2025-03-01', confidence: 0.65, source: null },
      total: { value: 7.5, confidence: 0.92, source: null },
    },
    tables: {
      items: {
        rows: [
          {
            name: { value: 'Coffee', confidence: 0.9, source: null },
            price: { value: 3.5, confidence: 0.9, source: null },
          },
          {
            name: { value: 'Bagel', confidence: 0.9, source: null },
            price: { value: null, confidence: 0, source: null },
          },
        ],
      },
    },
  });

  it('runs by itself on the Quick Setup file and shows values, confidence badges and rows', async () => {
    const stub = mockApi({
      'POST /api/files:upload': (_call, count) =>
        json(
          uploadedFileFixture(
            count === 1
              ? { fileId: 'file-1', fileName: 'receipt.pdf' }
              : { fileId: 'file-2', fileName: 'other.pdf' },
          ),
          201,
        ),
      'POST /api/files/file-1/extract': () => json(suggestion),
      'GET /api/rag': () => json([]),
      'POST /api/doc-types': (_call, count) => json(docTypeFixture({ id: `tmp-${count}` }), 201),
      'POST /api/doc-types/tmp-1/test': () => json(result),
      'POST /api/doc-types/tmp-2/test': () => json(result),
      'POST /api/doc-types/tmp-3/test': () => json(result),
    });
    renderWizard();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Receipts');
    await next();
    await userEvent.upload(screen.getByLabelText('Upload an example document'), pdfFile());
    await screen.findByText(/^Suggested 3 fields/);
    await next(); // Regions
    await next(); // RAG & Agents
    await next(); // Export Settings
    await next(); // Test

    expect(screen.getByText('Using file from Quick Setup step')).toBeInTheDocument();
    const fields = await screen.findByRole('table', { name: 'Extracted fields' });
    const row = (label: string) => within(fields).getByRole('row', { name: new RegExp(label) });
    expect(within(row('Total')).getByText('7.5')).toBeInTheDocument();
    expect(within(row('Total')).getByLabelText('Confidence 92%')).toHaveAttribute(
      'data-confidence',
      'green',
    );
    expect(within(row('Purchase Date')).getByLabelText('Confidence 65%')).toHaveAttribute(
      'data-confidence',
      'yellow',
    );
    expect(within(row('Merchant')).getByLabelText('Confidence 30%')).toHaveAttribute(
      'data-confidence',
      'red',
    );

    expect(screen.getByText('2 rows extracted')).toBeInTheDocument();
    const items = screen.getByRole('table', { name: 'Extracted rows of Items' });
    const bagel = within(items).getByRole('row', { name: /Bagel/ });
    expect(
      within(bagel)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Bagel', '-']);
    expect(screen.getByTestId('table-preview-items')).toHaveStyle({ maxHeight: '300px' });

    const [temporary] = stub.callsTo('POST /api/doc-types');
    expect(temporary?.body).toMatchObject({
      temporary: true,
      fields: [{ key: 'merchant' }, { key: 'purchase_date' }, { key: 'total' }],
      tables: [{ key: 'items', columns: [{ key: 'name' }, { key: 'price' }] }],
    });
    expect((temporary?.body as { name: string }).name).toMatch(/^Receipts_test_\d+$/);
    expect(stub.callsTo('POST /api/doc-types/tmp-1/test')[0]?.body).toEqual({ fileId: 'file-1' });

    // Coming back with nothing changed does not test again; a changed label does.
    await userEvent.click(stepHeader('Regions'));
    await userEvent.click(stepHeader('Test'));
    expect(stub.callsTo('POST /api/doc-types')).toHaveLength(1);
    await userEvent.click(stepHeader('Regions'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Label of field 3' }), ' Amount');
    await userEvent.click(stepHeader('Test'));
    await waitFor(() => expect(stub.callsTo('POST /api/doc-types')).toHaveLength(2));
    expect(await screen.findByRole('row', { name: /Total Amount/ })).toBeInTheDocument();

    // A separate test file replaces the example and runs at once.
    await userEvent.click(screen.getByRole('button', { name: 'Upload separate test file' }));
    expect(screen.queryByRole('table', { name: 'Extracted fields' })).not.toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Upload test document'), pdfFile('other.pdf'));
    expect(await screen.findByText('Test file ready')).toBeInTheDocument();
    await waitFor(() =>
      expect(stub.callsTo('POST /api/doc-types/tmp-3/test')[0]?.body).toEqual({
        fileId: 'file-2',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Run test again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload different file' })).toBeInTheDocument();
  });

  it("reads 'No data extracted' for an empty table and 'Test failed' with the server message", async () => {
    const stub = mockApi({
      'POST /api/files:upload': () => json(uploadedFileFixture({ fileName: 'scan.pdf' }), 201),
      'POST /api/doc-types': (_call, count) => json(docTypeFixture({ id: `tmp-${count}` }), 201),
      'POST /api/doc-types/tmp-1/test': () =>
        json(testResultFixture({ fields: {}, tables: { line_items: { rows: [] } } })),
      'POST /api/doc-types/tmp-2/test': () =>
        errorResponse(422, { detail: 'The PDF is encrypted', code: 'EXTRACTION_FAILED' }),
    });
    renderWizard();
    await userEvent.click(screen.getByRole('radio', { name: 'Invoice' }));
    await userEvent.click(stepHeader('Test'));
    expect(screen.getByText('Test your extraction configuration')).toBeInTheDocument();

    await userEvent.upload(screen.getByLabelText('Upload test document'), pdfFile('scan.pdf'));
    expect(await screen.findByText('No data extracted')).toBeInTheDocument();
    expect(screen.getByText('Test file ready')).toBeInTheDocument();
    // Fields the engine did not answer read '-' and carry no badge.
    const invoiceNumber = screen.getByRole('row', { name: /Invoice Number/ });
    expect(within(invoiceNumber).getByText('-')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Run test again' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Test failed')).toBeInTheDocument();
    expect(alert).toHaveTextContent('The PDF is encrypted');
    expect(stub.callsTo('POST /api/doc-types')).toHaveLength(2);
  });
});

describe('PUT /api/doc-types/:id from the edit wizard', WIZARD_TIMEOUT, () => {
  const saved = invoiceDocType({
    id: 'dt-7',
    name: 'Supplier Invoice',
    description: 'Invoices from suppliers',
    fields: [
      { id: 'f-1', key: 'invoice_number', label: 'Invoice Number', type: 'string', required: true },
      { id: 'f-2', key: 'total', label: 'Total', type: 'currency' },
    ],
    tables: [],
    agentsEnabled: { extract: true, data_entry: true, recon: false },
    recon_enabled: false,
  });

  it('edits name and fields and sends the edit-mode subset without description or preset', async () => {
    const stub = mockApi({
      'GET /api/doc-types/dt-7': () => json(saved),
      'GET /api/rag': () => json([]),
      'PUT /api/doc-types/dt-7': () => json({ ...saved, name: 'Vendor Invoice' }),
      'GET /api/doc-types': () => json([{ ...saved, name: 'Vendor Invoice' }]),
    });
    renderWizard('/doc-types/dt-7/edit');

    expect(screen.getByRole('heading', { name: 'Edit Document Type' })).toBeInTheDocument();
    expect(screen.getByText('Modify your document processing configuration')).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(stepNames()).toEqual([
      'Name',
      'Fields & Tables',
      'Agents',
      'Export Settings',
      'Save Changes',
    ]);
    expect(screen.queryByRole('radio', { name: 'Invoice' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Description' })).toBeDisabled();
    await userEvent.clear(name);
    expect(nextButton()).toBeDisabled();
    await userEvent.type(name, 'Vendor Invoice');
    await next();

    // A saved field keeps its key when its label changes: stored documents use that key.
    const label = screen.getByRole('textbox', { name: 'Label of field 2' });
    await userEvent.clear(label);
    await userEvent.type(label, 'Grand Total');
    expect(screen.getByRole('textbox', { name: 'Key of field 2' })).toHaveValue('total');
    await userEvent.click(screen.getByRole('button', { name: 'Add Field' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Label of field 3' }), ' Due');

    await next(); // Agents
    expect(screen.getByRole('switch', { name: /Reconciliation Agent/ })).not.toBeChecked();
    await next(); // Export Settings
    await next(); // Save Changes
    expect(
      screen.getByText(
        'You can edit the name, field configurations, table structure and agent settings of a document type. The description and preset cannot be changed.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Preset')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update Document Type' }));

    expect(await screen.findByText('Document type updated successfully!')).toBeInTheDocument();
    expect(
      screen.getByText('Your document type has been updated and is ready to use for uploads.'),
    ).toBeInTheDocument();
    const body = stub.callsTo('PUT /api/doc-types/dt-7')[0]?.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      'agentsEnabled',
      'dataEntryInstructions',
      'exportSettings',
      'extractionInstructions',
      'fields',
      'name',
      'referenceDocuments',
      'tables',
    ]);
    expect(body).toMatchObject({
      name: 'Vendor Invoice',
      agentsEnabled: { extract: true, data_entry: true, recon: false },
      fields: [
        { id: 'f-1', key: 'invoice_number', label: 'Invoice Number', required: true },
        { id: 'f-2', key: 'total', label: 'Grand Total', type: 'currency' },
        { key: 'field_3_due', label: 'Field 3 Due', type: 'string', required: false },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Document Types' })).toBeInTheDocument();
  });

  it('shows the load error when the type cannot be loaded', async () => {
    mockApi({
      'GET /api/doc-types/dt-404': () =>
        errorResponse(404, { detail: 'Document type not found', code: 'NOT_FOUND' }),
    });
    renderWizard('/doc-types/dt-404/edit');
    expect(screen.getByLabelText('Loading document type')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error Loading Document Type')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Failed to load document type for editing. Please try again.');
  });

  it("shows 'Failed to update document type' with the server message", async () => {
    mockApi({
      'GET /api/doc-types/dt-7': () => json(saved),
      'PUT /api/doc-types/dt-7': () =>
        errorResponse(400, { detail: 'Name is at most 200 characters', code: 'VALIDATION_FAILED' }),
    });
    renderWizard('/doc-types/dt-7/edit');
    await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.click(stepHeader('Save Changes'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Document Type' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to update document type')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Name is at most 200 characters');
  });
});
