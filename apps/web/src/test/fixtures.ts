import { type Me, MeSchema, type TokenPair, TokenPairSchema } from '@parser/contracts';

/** Fixtures parsed through the contract schemas, so they cannot drift from the server. */
export const fixtures = {
  tokens: (overrides: Partial<TokenPair> = {}): TokenPair =>
    TokenPairSchema.parse({
      uid: 'user-1',
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      expires_in: 900,
      token_type: 'Bearer',
      ...overrides,
    }),
  me: (overrides: Partial<Me> = {}): Me =>
    MeSchema.parse({
      uid: 'user-1',
      email: 'ada@example.com',
      role: 'admin',
      tenantId: 'tenant-1',
      tenant: { id: 'tenant-1', name: 'Acme Corp', plan: 'basic' },
      ...overrides,
    }),
};
