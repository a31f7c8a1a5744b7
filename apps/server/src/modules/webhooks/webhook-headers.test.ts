import { ExportConfigSchema } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { configuredHeaders, customHeaders, deliveryRequestHeaders } from './webhook-headers.js';

describe('webhook headers', () => {
  it("adds the type's bearer token and API key header to its headers", () => {
    const config = ExportConfigSchema.parse({
      headers: { 'X-Team': 'finance' },
      auth_token: 'tok',
      api_key_header: 'X-Api-Key',
      api_key_value: 'k-1',
    });
    expect(configuredHeaders(config)).toEqual({
      'X-Team': 'finance',
      Authorization: 'Bearer tok',
      'X-Api-Key': 'k-1',
    });
    expect(configuredHeaders(ExportConfigSchema.parse({ api_key_header: 'X-Api-Key' }))).toEqual(
      {},
    );
  });

  it('refuses header names and values that would break the request, and connection headers', () => {
    expect(() => customHeaders({ 'Bad Name': 'x' })).toThrow(/"Bad Name" has an invalid name/);
    expect(() => customHeaders({ 'X-Ok': 'a\r\nInjected: 1' })).toThrow(/invalid name or value/);
    expect(() => customHeaders({ Host: 'internal' })).toThrow(/"Host" cannot be set/);
  });

  it("keeps the delivery's own headers and the later of two spellings of a name", () => {
    const custom = customHeaders({
      authorization: 'Bearer old',
      Authorization: 'Bearer new',
      'content-type': 'text/plain',
      'X-Parser-Signature': 'forged',
    });
    expect(custom).toEqual({ Authorization: 'Bearer new' });
    expect(deliveryRequestHeaders(custom, { id: 'd-1', signature: 't=1,v1=ab' })).toEqual({
      Authorization: 'Bearer new',
      'Content-Type': 'application/json',
      'User-Agent': 'Parser-Webhooks/1.0',
      'X-Parser-Delivery': 'd-1',
      'X-Parser-Signature': 't=1,v1=ab',
    });
  });
});
