import { ExportConfigSchema } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { webhookFormDefaults, webhookHeaders } from './webhook-form';

const values = (overrides: Partial<Parameters<typeof webhookHeaders>[0]> = {}) => ({
  url: 'https://hooks.example.com',
  apiKeyHeader: '',
  apiKeyValue: '',
  headersText: '{}',
  ...overrides,
});

describe('webhookHeaders', () => {
  it('adds the API key header when both its name and value are given', () => {
    expect(
      webhookHeaders(
        values({ apiKeyHeader: ' X-Api-Key ', apiKeyValue: 'k-1', headersText: '{"X-A": "a"}' }),
      ),
    ).toEqual({ 'X-A': 'a', 'X-Api-Key': 'k-1' });
  });

  it('leaves it out when either is missing', () => {
    expect(webhookHeaders(values({ apiKeyHeader: 'X-Api-Key' }))).toEqual({});
    expect(webhookHeaders(values({ apiKeyValue: 'k-1' }))).toEqual({});
  });

  it('is null when the headers are not a JSON object', () => {
    expect(
      webhookHeaders(values({ headersText: '[1]', apiKeyHeader: 'X', apiKeyValue: 'y' })),
    ).toBeNull();
  });
});

describe('webhookFormDefaults', () => {
  it("starts empty with '{}' when the type has no webhook setting", () => {
    expect(webhookFormDefaults(undefined)).toEqual(values({ url: '' }));
    expect(webhookFormDefaults(ExportConfigSchema.parse({}))).toEqual(values({ url: '' }));
  });

  it("takes the type's URL, API key and headers, but never shows its bearer token", () => {
    const config = ExportConfigSchema.parse({
      webhook_url: 'https://hooks.example.com/in',
      auth_token: 'tok',
      api_key_header: 'X-Api-Key',
      api_key_value: 'k-1',
      headers: { 'X-Source': 'parser' },
    });
    const defaults = webhookFormDefaults(config);
    expect(defaults).toMatchObject({
      url: 'https://hooks.example.com/in',
      apiKeyHeader: 'X-Api-Key',
      apiKeyValue: 'k-1',
    });
    expect(JSON.parse(defaults.headersText)).toEqual({ 'X-Source': 'parser' });
  });
});
