import { TenantUserListSchema } from '@parser/contracts';
import { describe, expect, it, vi } from 'vitest';

import { AppRoutes } from '@/app/router';
import { flowFixtures as f } from '@/features/pipelines/test/fixtures';
import { fixtures } from '@/test/fixtures';
import { json, mockApi } from '@/test/mock-api';
import { render, screen, userEvent } from '@/test/render';

const ID = 'pl-1234567890';

const users = TenantUserListSchema.parse([
  { id: 'user-1', email: 'ada@example.com', role: 'admin', created_at: '2025-01-01T00:00:00Z' },
]);

/** The fixture invoice with its date read where this vendor's reviewed documents had it. */
function recordWithLearnedValue() {
  const record = f.review();
  const fields = record.extracted_data!.fields;
  fields.invoice_date = { ...fields.invoice_date!, learned: true };
  return record;
}

describe('/review/:pipelineId with a value read with a learned hint', { timeout: 30_000 }, () => {
  it('says so under the field until the reviewer changes the value', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
    mockApi({
      [`GET /api/pipelines/${ID}/review`]: () => json(recordWithLearnedValue()),
      'GET /api/users/tenant': () => json(users),
      'GET /api/files/file-1/pages/1/image': () =>
        new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 }),
    });
    render(<AppRoutes />, { route: `/review/${ID}`, user: fixtures.me() });

    const date = await screen.findByRole('textbox', { name: 'Invoice Date' });
    expect(date).toHaveAccessibleDescription("Read where this vendor's reviewed documents had it");
    expect(screen.getByRole('textbox', { name: 'Total' })).not.toHaveAccessibleDescription(
      /reviewed documents/,
    );

    await userEvent.clear(date);
    await userEvent.type(date, '2024-01-02');
    expect(date).not.toHaveAccessibleDescription(/reviewed documents/);
  });
});
