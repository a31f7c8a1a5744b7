import { PipelinePageSchema } from '@parser/contracts';
import { describe, expect, it, vi } from 'vitest';

import { AppRoutes } from '@/app/router';
import { flowFixtures as f } from '@/features/pipelines/test/fixtures';
import { fixtures } from '@/test/fixtures';
import { errorResponse, json, mockApi, noContent } from '@/test/mock-api';
import { render, screen, userEvent, waitFor, within } from '@/test/render';

const reviewItems = [
  f.pipeline({
    pipeline_id: 'aaaaaaaa-1111-4111-8111-111111111111',
    original_filename: 'march.pdf',
    created_at: new Date(2025, 2, 7, 14, 5).toISOString(),
  }),
  f.pipeline({
    pipeline_id: 'bbbbbbbb-2222-4222-8222-222222222222',
    original_filename: 'april.pdf',
    created_at: new Date(2025, 3, 1, 9, 30).toISOString(),
  }),
];
const approvalItem = f.pipeline({
  pipeline_id: 'cccccccc-3333-4333-8333-333333333333',
  original_filename: 'may.pdf',
  current_step: 'approval',
  overall_status: 'needs_approval',
  created_at: new Date(2025, 4, 2, 16, 45).toISOString(),
});

const olderItem = f.pipeline({
  pipeline_id: 'dddddddd-4444-4444-8444-444444444444',
  original_filename: 'january.pdf',
  created_at: new Date(2025, 0, 5, 8, 0).toISOString(),
});

const page = (items: unknown[], next_cursor: string | null = null) =>
  PipelinePageSchema.parse({ items, next_cursor });

function stubPendingScreen(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/doc-types/dt-1': () => json(f.docType({ id: 'dt-1', name: 'Supplier Invoice' })),
    'GET /api/pipelines/pending-summary': () =>
      json([f.pendingByType({ doc_type_id: 'dt-1', review_count: 7, approval_count: 5 })]),
    'GET /api/pipelines/pending-review': (_call, count) =>
      json(count === 1 ? page(reviewItems, 'cursor-2') : page([olderItem])),
    'GET /api/pipelines/pending-approval': () => json(page([approvalItem])),
    ...extra,
  });
}

const counter = (label: string) =>
  within(screen.getByRole('group', { name: label })).getByTestId('counter-value').textContent;

describe('/pending/:docTypeId', () => {
  it('shows exact counts from the summary, the rows and the type name', async () => {
    const stub = stubPendingScreen();
    render(<AppRoutes />, { route: '/pending/dt-1', user: fixtures.me() });

    expect(
      await screen.findByRole('heading', { name: 'Pending Documents: Supplier Invoice' }),
    ).toBeInTheDocument();
    await screen.findByText('march.pdf');
    // Three rows are loaded, but the counters say what the server counted.
    expect(counter('Needs Review')).toBe('7');
    expect(counter('Needs Approval')).toBe('5');
    expect(counter('Total Pending')).toBe('12');
    expect(screen.getByText('12 document(s) waiting for review or approval')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Pending documents' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'may.pdfcccccccc',
      'april.pdfbbbbbbbb',
      'march.pdfaaaaaaaa',
    ]);
    const march = rows[2]!;
    expect(within(march).getByText('Needs Review')).toBeInTheDocument();
    expect(within(march).getByText('Mar 7, 2025')).toBeInTheDocument();
    expect(within(march).getByText('2:05 PM')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Needs Approval')).toBeInTheDocument();
    expect(within(march).getByRole('link', { name: 'Open march.pdf' })).toHaveAttribute(
      'href',
      `/review/${reviewItems[0]!.pipeline_id}`,
    );
    expect(stub.requestedUrls()).toContain('/api/pipelines/pending-review?doc_type_id=dt-1');

    // The review list has a further page.
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('january.pdf')).toBeInTheDocument();
    expect(stub.requestedUrls()).toContain(
      '/api/pipelines/pending-review?doc_type_id=dt-1&cursor=cursor-2',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('selects every row and bulk-deletes them after the confirm modal', async () => {
    const stub = stubPendingScreen({
      'POST /api/pipelines/bulk-delete': () =>
        json({ message: 'Deleted 3 documents and their files', deleted_count: 3 }),
    });
    render(<AppRoutes />, { route: '/pending/dt-1', user: fixtures.me() });
    await screen.findByText('march.pdf');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all documents' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Selected (3)' }));

    const modal = await screen.findByRole('dialog', { name: 'Confirm Bulk Delete' });
    expect(modal).toHaveTextContent('This action cannot be undone');
    expect(modal).toHaveTextContent(
      'permanently remove the pipeline documents, associated files and all review/approval data',
    );
    await userEvent.click(within(modal).getByRole('button', { name: 'Delete 3 documents' }));

    expect(await screen.findByText('Deleted 3 documents and their files')).toBeInTheDocument();
    const ids = stub.callsTo('POST /api/pipelines/bulk-delete')[0]?.body as {
      pipeline_ids: string[];
    };
    expect([...ids.pipeline_ids].sort()).toEqual(
      [...reviewItems, approvalItem].map((p) => p.pipeline_id).sort(),
    );
  });

  it('bulk-deletes only the rows ticked one by one', async () => {
    const stub = stubPendingScreen({
      'POST /api/pipelines/bulk-delete': () =>
        errorResponse(500, { detail: 'x', code: 'INTERNAL' }),
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<AppRoutes />, { route: '/pending/dt-1', user: fixtures.me() });
    await screen.findByText('march.pdf');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select march.pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Selected (1)' }));
    const modal = await screen.findByRole('dialog', { name: 'Confirm Bulk Delete' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Delete 1 documents' }));

    expect(
      await screen.findByText('Failed to delete documents. Please try again.'),
    ).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('API POST /api/pipelines/bulk-delete failed:', 'x');
    expect(stub.callsTo('POST /api/pipelines/bulk-delete')[0]?.body).toEqual({
      pipeline_ids: [reviewItems[0]!.pipeline_id],
    });
  });

  it('deletes one document from its row', async () => {
    const stub = stubPendingScreen({
      [`DELETE /api/pipelines/${approvalItem.pipeline_id}`]: () => noContent(),
    });
    render(<AppRoutes />, { route: '/pending/dt-1', user: fixtures.me() });
    await screen.findByText('may.pdf');

    await userEvent.click(screen.getByRole('button', { name: 'Delete may.pdf' }));
    const modal = await screen.findByRole('dialog', { name: 'Delete document' });
    const loadsBefore = stub.callsTo('GET /api/pipelines/pending-approval').length;
    await userEvent.click(within(modal).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Document deleted successfully')).toBeInTheDocument();
    expect(stub.callsTo(`DELETE /api/pipelines/${approvalItem.pipeline_id}`)).toHaveLength(1);
    // The lists are loaded again after the delete (besides their polling on a slow run).
    await waitFor(() =>
      expect(stub.callsTo('GET /api/pipelines/pending-approval').length).toBeGreaterThan(
        loadsBefore,
      ),
    );
  });

  it('says when nothing is pending, and falls back to the type name from the summary', async () => {
    mockApi({
      'GET /api/doc-types/dt-9': () =>
        errorResponse(404, { detail: 'Not found', code: 'NOT_FOUND' }),
      'GET /api/pipelines/pending-summary': () =>
        json([f.pendingByType({ doc_type_id: 'dt-9', doc_type_name: 'Old Receipts' })]),
      'GET /api/pipelines/pending-review': () => json(page([])),
      'GET /api/pipelines/pending-approval': () => json(page([])),
    });
    render(<AppRoutes />, { route: '/pending/dt-9', user: fixtures.me() });

    expect(await screen.findByText('No pending documents')).toBeInTheDocument();
    expect(
      screen.getByText('All documents for this type have been processed.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Pending Documents: Old Receipts' }),
    ).toBeInTheDocument();
  });

  it("shows 'Failed to load pending documents' when a list fails", async () => {
    stubPendingScreen({
      'GET /api/pipelines/pending-review': () =>
        errorResponse(500, { detail: 'Internal error', code: 'INTERNAL' }),
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<AppRoutes />, { route: '/pending/dt-1', user: fixtures.me() });
    expect(await screen.findByText('Failed to load pending documents')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringMatching(/^API GET \/api\/pipelines\/pending-review\?.* failed:$/),
      'Internal error',
    );
  });
});
