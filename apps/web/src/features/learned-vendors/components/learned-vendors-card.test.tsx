import { LearnedVendorListSchema } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { fixtures } from '@/test/fixtures';
import { json, mockApi, noContent } from '@/test/mock-api';
import { render, screen, userEvent, waitFor, within } from '@/test/render';

import { LearnedVendorsCard } from './learned-vendors-card';

const vendors = LearnedVendorListSchema.parse([
  {
    id: 'vendor-1',
    name: 'Kestrel Tooling GmbH',
    doc_type: { id: 'type-1', name: 'Supplier invoices' },
    documents_taught: 3,
    fields_learned: 8,
    last_taught_at: '2026-01-05T10:00:00Z',
    last_used_at: null,
  },
  {
    id: 'vendor-2',
    name: 'Harbor Labs Ltd',
    doc_type: { id: 'type-1', name: 'Supplier invoices' },
    documents_taught: 1,
    fields_learned: 1,
    last_taught_at: '2026-01-04T10:00:00Z',
    last_used_at: '2026-01-06T09:30:00Z',
  },
]);

describe('LearnedVendorsCard', () => {
  it('lists each learned vendor with the documents that taught it and when it was last used', async () => {
    mockApi({ 'GET /api/company/learned-vendors': () => json(vendors) });
    render(<LearnedVendorsCard />, { user: fixtures.me() });
    const table = await screen.findByRole('table', { name: 'Learned vendors' });
    const kestrel = within(table).getByRole('row', { name: /Kestrel Tooling GmbH/ });
    expect(within(kestrel).getByText('3')).toBeInTheDocument();
    expect(within(kestrel).getByText('8 values learned')).toBeInTheDocument();
    expect(within(kestrel).getByText('Not yet')).toBeInTheDocument();
    const harbor = within(table).getByRole('row', { name: /Harbor Labs Ltd/ });
    expect(within(harbor).getByText('1 value learned')).toBeInTheDocument();
    expect(within(harbor).queryByText('Not yet')).not.toBeInTheDocument();
  });

  it('forgets one vendor after the admin confirms', async () => {
    const stub = mockApi({
      'GET /api/company/learned-vendors': (_call, count) =>
        json(count === 1 ? vendors : vendors.slice(1)),
      'DELETE /api/company/learned-vendors/vendor-1': () => noContent(),
    });
    render(<LearnedVendorsCard />, { user: fixtures.me() });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Forget Kestrel Tooling GmbH' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Forget' }));
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /Kestrel Tooling GmbH/ })).not.toBeInTheDocument(),
    );
    expect(stub.callsTo('DELETE /api/company/learned-vendors/vendor-1')).toHaveLength(1);
  });

  it('forgets every vendor at once and says nothing is learned', async () => {
    const stub = mockApi({
      'GET /api/company/learned-vendors': (_call, count) => json(count === 1 ? vendors : []),
      'DELETE /api/company/learned-vendors': () => json({ forgotten: 2 }),
    });
    render(<LearnedVendorsCard />, { user: fixtures.me() });
    await userEvent.click(await screen.findByRole('button', { name: 'Forget all vendors' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Forget' }));
    expect(await screen.findByText(/Nothing learned yet/)).toBeInTheDocument();
    expect(stub.callsTo('DELETE /api/company/learned-vendors')).toHaveLength(1);
  });
});
