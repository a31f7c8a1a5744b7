import { notifications } from '@mantine/notifications';
import { RagDocumentListSchema } from '@parser/contracts';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { errorResponse, json, mockApi } from '@/test/mock-api';
import { render, screen, userEvent, waitFor, within } from '@/test/render';

import { type KnowledgeLink, KnowledgeDocuments } from './knowledge-documents';

afterEach(() => notifications.clean());

const vendorList = {
  id: 'rag-1',
  name: 'Vendor list',
  description: 'Approved vendors',
  originalFilename: 'vendors.csv',
  contentType: 'text/csv',
  fileSize: 120,
  textLength: 100,
  created_at: '2025-01-01T00:00:00Z',
};
const priceList = {
  ...vendorList,
  id: 'rag-2',
  name: 'Price list',
  originalFilename: 'prices.pdf',
  contentType: 'application/pdf',
};

function Harness({ initial = [] }: { initial?: KnowledgeLink[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <KnowledgeDocuments value={value} onChange={setValue} />
      <output data-testid="links">{JSON.stringify(value)}</output>
    </>
  );
}

const links = () => JSON.parse(screen.getByTestId('links').textContent ?? '[]') as KnowledgeLink[];

describe('KnowledgeDocuments', () => {
  it('attaches an uploaded document for the data entry agent and toggles its agents', async () => {
    mockApi({ 'GET /api/rag': () => json(RagDocumentListSchema.parse([vendorList])) });
    render(<Harness />, { user: null });
    expect(screen.getByText('No knowledge documents attached yet.')).toBeInTheDocument();

    await userEvent.click(
      await screen.findByRole('combobox', { name: 'Attach an uploaded document' }),
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Vendor list' }));
    expect(links()).toEqual([{ id: 'rag-1', enabledFor: ['data_entry'] }]);
    const table = screen.getByRole('table', { name: 'Attached knowledge documents' });
    expect(within(table).getByText('vendors.csv')).toBeInTheDocument();

    await userEvent.click(
      within(table).getByRole('checkbox', { name: 'Reconciliation agent reads Vendor list' }),
    );
    expect(links()).toEqual([{ id: 'rag-1', enabledFor: ['data_entry', 'recon'] }]);
    await userEvent.click(
      within(table).getByRole('checkbox', { name: 'Data entry agent reads Vendor list' }),
    );
    expect(links()).toEqual([{ id: 'rag-1', enabledFor: ['recon'] }]);

    await userEvent.click(within(table).getByRole('button', { name: 'Detach Vendor list' }));
    expect(links()).toEqual([]);
  });

  it('asks for a file and a name before uploading', async () => {
    const stub = mockApi({ 'GET /api/rag': () => json([]) });
    render(<Harness />, { user: null });
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Price list');
    await userEvent.click(screen.getByRole('button', { name: 'Upload Document' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(screen.getByText('Please select a file and enter a name.')).toBeInTheDocument();
    expect(stub.callsTo('POST /api/rag')).toHaveLength(0);
  });

  it('uploads with name and description and attaches the new document', async () => {
    const stub = mockApi({
      'GET /api/rag': (_call, count) =>
        json(RagDocumentListSchema.parse(count === 1 ? [] : [priceList])),
      'POST /api/rag': () => json({ id: 'rag-2', name: 'Price list' }, 201),
    });
    render(<Harness />, { user: null });
    await userEvent.upload(
      screen.getByLabelText('Knowledge document file'),
      new File(['%PDF-1.4'], 'prices.pdf', { type: 'application/pdf' }),
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Price list');
    await userEvent.type(screen.getByRole('textbox', { name: /Description/ }), 'Prices 2025');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Reconciliation agent' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload Document' }));

    expect(await screen.findByText('RAG document uploaded successfully')).toBeInTheDocument();
    expect(links()).toEqual([{ id: 'rag-2', enabledFor: ['data_entry', 'recon'] }]);
    const body = stub.callsTo('POST /api/rag')[0]?.body as FormData;
    expect(body.get('name')).toBe('Price list');
    expect(body.get('description')).toBe('Prices 2025');
    expect((body.get('file') as File).name).toBe('prices.pdf');
    // The list is read again, so the new document shows by name.
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Attached knowledge documents' })).getByText(
          'prices.pdf',
        ),
      ).toBeInTheDocument(),
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it("shows 'Upload Failed' with the server detail", async () => {
    mockApi({
      'GET /api/rag': () => json([]),
      'POST /api/rag': () =>
        errorResponse(415, {
          detail: 'Unsupported file type: application/zip',
          code: 'UNSUPPORTED_FILE',
        }),
    });
    render(<Harness />, { user: null });
    await userEvent.upload(
      screen.getByLabelText('Knowledge document file'),
      new File(['PK'], 'notes.txt', { type: 'text/plain' }),
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Notes');
    await userEvent.click(screen.getByRole('button', { name: 'Upload Document' }));
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    expect(screen.getByText('Unsupported file type: application/zip')).toBeInTheDocument();
    expect(links()).toEqual([]);
  });
});
