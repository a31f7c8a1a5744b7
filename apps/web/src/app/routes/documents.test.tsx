import { DocumentPageSchema } from '@parser/contracts';
import { describe, expect, it, vi } from 'vitest';

import { AppRoutes } from '@/app/router';
import { flowFixtures as f } from '@/features/pipelines/test/fixtures';
import { fixtures } from '@/test/fixtures';
import { errorResponse, json, mockApi } from '@/test/mock-api';
import { render, screen, userEvent, waitFor, within } from '@/test/render';

const march = f.document({
  id: '33333333-cccc-4ccc-8ccc-000000000001',
  fileName: 'Invoice-March.pdf',
  uploadAt: new Date(2025, 2, 7, 14, 5).toISOString(),
  pipeline_id: '11111111-aaaa-4aaa-8aaa-000000000001',
  current_step: 'failed',
});
const receipt = f.document({
  id: '33333333-cccc-4ccc-8ccc-000000000002',
  fileName: 'receipt.png',
  mimeType: 'image/png',
  uploadAt: new Date(2025, 11, 24, 9, 0).toISOString(),
});
const page = (items: unknown[], next_cursor: string | null = null) =>
  DocumentPageSchema.parse({ items, next_cursor });

describe('/documents', () => {
  it('lists documents with their type, status and upload time', async () => {
    mockApi({ 'GET /api/documents/': () => json(page([march, receipt])) });
    render(<AppRoutes />, { route: '/documents', user: fixtures.me() });

    const table = await screen.findByRole('table', { name: 'Documents' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const cells = within(rows[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'receipt.png',
      'image/png',
      'uploaded',
      'Dec 24, 2025 09:00',
      'View',
    ]);
    expect(within(rows[0]!).getByText('Mar 7, 2025 14:05')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'View Invoice-March.pdf' })).toHaveAttribute(
      'href',
      '/documents/33333333-cccc-4ccc-8ccc-000000000001',
    );
    // A document with a pipeline can be opened on the review screen (e.g. to retry a failure).
    expect(
      within(rows[0]!).getByRole('link', { name: 'Review Invoice-March.pdf' }),
    ).toHaveAttribute('href', '/review/11111111-aaaa-4aaa-8aaa-000000000001');
  });

  it('searches by file name on the server and offers the status filter', async () => {
    const stub = mockApi({
      'GET /api/documents/': (_call, count) =>
        json(count === 1 ? page([march, receipt]) : page([march])),
    });
    render(<AppRoutes />, { route: '/documents', user: fixtures.me() });
    await screen.findByText('receipt.png');

    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'INVOICE');
    await screen.findByText('Invoice-March.pdf');
    await waitFor(() => expect(screen.queryByText('receipt.png')).not.toBeInTheDocument());
    const urls = stub.requestedUrls();
    expect(urls).toContain('/api/documents/?q=INVOICE');
    expect(urls.filter((url) => url.startsWith('/api/documents/?q=')).length).toBe(1);

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    for (const status of ['All', 'uploaded', 'processing', 'done', 'review', 'error']) {
      expect(screen.getByRole('option', { name: status })).toBeInTheDocument();
    }
    // As the spec says, the status filter is offered but not applied.
    await userEvent.click(screen.getByRole('option', { name: 'error' }));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('error');
    expect(screen.getByText('Invoice-March.pdf')).toBeInTheDocument();
    expect(stub.calls).toHaveLength(urls.length);
  });

  it("offers 'Load more' while the server has further pages", async () => {
    const stub = mockApi({
      'GET /api/documents/': (_call, count) =>
        json(count === 1 ? page([receipt], 'next-1') : page([march])),
    });
    render(<AppRoutes />, { route: '/documents', user: fixtures.me() });
    await screen.findByText('receipt.png');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Invoice-March.pdf')).toBeInTheDocument();
    expect(stub.requestedUrls()).toContain('/api/documents/?cursor=next-1');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("shows 'No documents found' for an empty list", async () => {
    mockApi({ 'GET /api/documents/': () => json(page([])) });
    render(<AppRoutes />, { route: '/documents', user: fixtures.me() });
    expect(await screen.findByText('No documents found')).toBeInTheDocument();
  });

  it("shows 'Failed to load documents'", async () => {
    mockApi({
      'GET /api/documents/': () => errorResponse(500, { detail: 'boom', code: 'INTERNAL' }),
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<AppRoutes />, { route: '/documents', user: fixtures.me() });
    expect(await screen.findByText('Failed to load documents')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringMatching(/^API GET \/api\/documents\/.* failed:$/),
      'boom',
    );
  });
});
