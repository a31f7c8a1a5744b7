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

/** The fixture invoice with the AI model's marks on two fields. */
function recordWithModelValues() {
  const record = f.review();
  const fields = record.extracted_data!.fields;
  fields.invoice_number = { ...fields.invoice_number!, model: 'agreed' };
  fields.total = { ...fields.total!, model: 'alone' };
  return record;
}

describe('/review/:pipelineId with values the AI model read', { timeout: 30_000 }, () => {
  it('says under each field which engine read it, until the reviewer changes the value', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
    mockApi({
      [`GET /api/pipelines/${ID}/review`]: () => json(recordWithModelValues()),
      'GET /api/users/tenant': () => json(users),
      'GET /api/files/file-1/pages/1/image': () =>
        new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 }),
    });
    render(<AppRoutes />, { route: `/review/${ID}`, user: fixtures.me() });

    const total = await screen.findByRole('textbox', { name: 'Total' });
    expect(total).toHaveAccessibleDescription('Read by the AI model');
    expect(screen.getByRole('textbox', { name: 'Invoice Number' })).toHaveAccessibleDescription(
      'AI model and offline engine agree',
    );
    // The engine's own reading carries no model note.
    expect(screen.getByRole('textbox', { name: 'Invoice Date' })).not.toHaveAccessibleDescription(
      /AI model/,
    );

    await userEvent.clear(total);
    await userEvent.type(total, '99');
    expect(total).not.toHaveAccessibleDescription(/AI model/);
  });
});
