import { type TenantUser, WebhookSecretSchema } from '@parser/contracts';

import { type ApiHandler, json } from './mock-api';

/**
 * What an admin's /settings screen asks for: the company's members (as given), no pending invites,
 * no API keys, and the webhook signing secret 'whsec_first'.
 */
export function settingsScreenHandlers(members: TenantUser[]): Record<string, ApiHandler> {
  return {
    'GET /api/users/tenant': () => json(members),
    'GET /api/invites': () => json([]),
    'GET /api/api-keys': () => json([]),
    'GET /api/settings/webhook-secret': () =>
      json(WebhookSecretSchema.parse({ secret: 'whsec_first' })),
  };
}
