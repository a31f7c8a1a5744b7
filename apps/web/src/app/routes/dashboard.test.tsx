import { describe, expect, it, vi } from 'vitest';

import { AppRoutes } from '@/app/router';
import { flowFixtures as f } from '@/features/pipelines/test/fixtures';
import { fixtures } from '@/test/fixtures';
import { errorResponse, json, mockApi } from '@/test/mock-api';
import { render, screen, userEvent, within } from '@/test/render';

const statValue = (label: string) =>
  within(screen.getByRole('group', { name: label })).getByTestId('stat-value').textContent;

describe('/dashboard', () => {
  it('shows the four counts and one card per type with pending documents', async () => {
    mockApi({
      'GET /api/doc-types': () =>
        json([f.docType({ id: 'dt-1' }), f.docType({ id: 'dt-2', name: 'Receipt' })]),
      'GET /api/pipelines/stats': () =>
        json(f.stats({ total: 40, completed: 25, pending_review: 6, pending_approval: 3 })),
      'GET /api/pipelines/pending-summary': () =>
        json([
          f.pendingByType({
            doc_type_id: 'dt-1',
            doc_type_name: 'Invoice',
            review_count: 4,
            approval_count: 1,
            recent: [
              { pipeline_id: 'p1', original_filename: 'march.pdf', current_step: 'human_review' },
              { pipeline_id: 'p2', original_filename: 'april.pdf', current_step: 'approval' },
            ],
          }),
        ]),
      // The card opens the type's pending screen.
      'GET /api/doc-types/dt-1': () => json(f.docType({ id: 'dt-1', name: 'Invoice' })),
      'GET /api/pipelines/pending-review': () => json({ items: [], next_cursor: null }),
      'GET /api/pipelines/pending-approval': () => json({ items: [], next_cursor: null }),
    });
    render(<AppRoutes />, { route: '/dashboard', user: fixtures.me() });

    expect(await screen.findByRole('group', { name: 'Document Types' })).toBeInTheDocument();
    expect(statValue('Document Types')).toBe('2');
    expect(statValue('Total Processed')).toBe('40');
    expect(statValue('Needs Attention')).toBe('9');
    expect(statValue('Completed')).toBe('25');

    const card = screen.getByRole('link', { name: 'Invoice: 5 pending' });
    expect(card).toHaveAttribute('href', '/pending/dt-1');
    expect(within(card).getByText('Review: 4')).toBeInTheDocument();
    expect(within(card).getByText('Approval: 1')).toBeInTheDocument();
    expect(within(card).getByText('march.pdf')).toBeInTheDocument();
    expect(within(card).getByText('april.pdf')).toBeInTheDocument();
    expect(within(card).getByText('+3 more')).toBeInTheDocument();

    await userEvent.click(card);
    expect(
      await screen.findByRole('heading', { name: 'Pending Documents: Invoice' }),
    ).toBeInTheDocument();
  });

  it("says 'All caught up!' when nothing waits and offers an upload", async () => {
    mockApi({
      'GET /api/doc-types': () => json([f.docType()]),
      'GET /api/pipelines/stats': () => json(f.stats({ total: 3, completed: 3 })),
      'GET /api/pipelines/pending-summary': () => json([]),
    });
    render(<AppRoutes />, { route: '/dashboard', user: fixtures.me() });

    expect(await screen.findByText('All caught up!')).toBeInTheDocument();
    expect(
      screen.getByText('No documents are currently pending review or approval'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload New Documents' })).toHaveAttribute(
      'href',
      '/upload',
    );
    expect(screen.getByRole('link', { name: 'Manage Document Types' })).toHaveAttribute(
      'href',
      '/doc-types',
    );
  });

  it("shows 'Failed to load dashboard data' when the counts cannot load", async () => {
    mockApi({
      'GET /api/doc-types': () => json([]),
      'GET /api/pipelines/stats': () =>
        errorResponse(500, { detail: 'Internal error', code: 'INTERNAL' }),
      'GET /api/pipelines/pending-summary': () => json([]),
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<AppRoutes />, { route: '/dashboard', user: fixtures.me() });
    expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(
      'API GET /api/pipelines/stats failed:',
      'Internal error',
    );
  });

  it('loads everything again from the refresh button', async () => {
    const stub = mockApi({
      'GET /api/doc-types': () => json([]),
      'GET /api/pipelines/stats': (_call, count) => json(f.stats({ total: count * 10 })),
      'GET /api/pipelines/pending-summary': () => json([]),
    });
    render(<AppRoutes />, { route: '/dashboard', user: fixtures.me() });
    await screen.findByText('All caught up!');
    expect(statValue('Total Processed')).toBe('10');

    await userEvent.click(screen.getByRole('button', { name: 'Refresh dashboard' }));
    await screen.findByText('20');
    expect(stub.callsTo('GET /api/pipelines/pending-summary')).toHaveLength(2);
  });
});
