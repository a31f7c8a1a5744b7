import { type ReviewRecord, TenantUserListSchema } from '@parser/contracts';
import type { z } from 'zod';

import { AppRoutes } from '@/app/router';
import { fixtures } from '@/test/fixtures';
import { type ApiHandler, json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';

/** The signed-in admin, as the company's user list has them. */
export const ADMIN_USER = {
  id: 'user-1',
  email: 'ada@example.com',
  role: 'admin',
  created_at: '2025-01-01T00:00:00Z',
} as const;

export interface ReviewScreenOptions {
  /** The company's users (the assignee choices). @default [] */
  users?: z.input<typeof TenantUserListSchema>;
  /** Further answers, e.g. the file's content. */
  extra?: Record<string, ApiHandler>;
}

/**
 * Answers the review screen's record and the company's users, then opens /review/:pipelineId of
 * the record for the signed-in admin. Returns the recorded requests.
 */
export function openReviewScreen(
  record: ReviewRecord,
  { users = [], extra = {} }: ReviewScreenOptions = {},
) {
  const stub = mockApi({
    [`GET /api/pipelines/${record.pipeline_id}/review`]: () => json(record),
    'GET /api/users/tenant': () => json(TenantUserListSchema.parse(users)),
    ...extra,
  });
  render(<AppRoutes />, { route: `/review/${record.pipeline_id}`, user: fixtures.me() });
  return stub;
}
