import { describe, expect, it } from 'vitest';

import {
  checkWebhookTarget,
  type HostLookup,
  resolveWebhookTarget,
  WebhookRefusedError,
} from './webhook-target.js';

const dns =
  (answers: Record<string, string[]>): HostLookup =>
  async (hostname) =>
    (answers[hostname] ?? []).map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));

const strict = (lookup?: HostLookup) => ({ allowPrivate: false, ...(lookup ? { lookup } : {}) });

describe('resolveWebhookTarget', () => {
  it('accepts an https URL of a public host and pins its checked address', async () => {
    const target = await resolveWebhookTarget(
      'https://hooks.example.com/in',
      strict(dns({ 'hooks.example.com': ['93.184.216.34'] })),
    );
    expect(target).toMatchObject({ address: '93.184.216.34', family: 4 });
    expect(target.url.href).toBe('https://hooks.example.com/in');
  });

  it.each(['ftp://example.com/x', 'file:///etc/passwd', 'gopher://example.com', 'javascript:1'])(
    'refuses the scheme of %s',
    async (url) => {
      await expect(resolveWebhookTarget(url, strict())).rejects.toThrow(/must use http or https/);
    },
  );

  it('refuses text that is not a URL', async () => {
    await expect(resolveWebhookTarget('not a url', strict())).rejects.toThrow(
      'Webhook URL "not a url" is not a valid address',
    );
  });

  it('refuses private, loopback and metadata addresses, saying which', async () => {
    await expect(
      resolveWebhookTarget('http://169.254.169.254/latest/meta-data', strict()),
    ).rejects.toThrow(/169\.254\.169\.254 is a link-local \(cloud metadata\) address/);
    await expect(resolveWebhookTarget('http://10.0.0.1/', strict())).rejects.toThrow(
      /10\.0\.0\.1 is a private address/,
    );
    await expect(resolveWebhookTarget('http://[::1]:8080/', strict())).rejects.toThrow(
      /::1 is a loopback address/,
    );
  });

  it('refuses a host any of whose addresses is private', async () => {
    const lookup = dns({ 'mixed.example.com': ['93.184.216.34', '192.168.0.10'] });
    const refusal = resolveWebhookTarget('https://mixed.example.com/', strict(lookup));
    await expect(refusal).rejects.toBeInstanceOf(WebhookRefusedError);
    await expect(refusal).rejects.toThrow(
      /mixed\.example\.com resolves to 192\.168\.0\.10, which is a private address/,
    );
  });

  it('refuses localhost by what it resolves to', async () => {
    await expect(resolveWebhookTarget('http://localhost:3000/', strict())).rejects.toThrow(
      /localhost resolves to .*loopback/,
    );
  });

  it('allows private addresses when WEBHOOK_ALLOW_PRIVATE is set', async () => {
    const target = await resolveWebhookTarget('http://127.0.0.1:9/x', { allowPrivate: true });
    expect(target).toMatchObject({ address: '127.0.0.1', family: 4 });
  });

  it('lets a failed lookup through as an ordinary error (a network failure to retry)', async () => {
    const failing: HostLookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), {
        code: 'ENOTFOUND',
      });
    };
    const attempt = resolveWebhookTarget('https://nowhere.invalid/', strict(failing));
    await expect(attempt).rejects.toThrow('ENOTFOUND');
    await expect(attempt).rejects.not.toBeInstanceOf(WebhookRefusedError);
  });
});

describe('checkWebhookTarget', () => {
  it('answers allowed for a public host and the reason for a refused one', async () => {
    const lookup = dns({
      'hooks.example.com': ['93.184.216.34'],
      'docs.example.com': ['2001:db8::10'],
    });
    expect(await checkWebhookTarget('https://hooks.example.com/in', strict(lookup))).toEqual({
      allowed: true,
      reason: null,
    });
    expect(await checkWebhookTarget('https://docs.example.com/in', strict(lookup))).toEqual({
      allowed: false,
      reason: expect.stringMatching(/2001:db8::10, which is a documentation address/) as unknown,
    });
    expect(await checkWebhookTarget('http://[::ffff:0:7f00:1]/', strict())).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('loopback (IPv4-translated)') as unknown,
    });
    expect(await checkWebhookTarget('http://192.0.2.1/', strict())).toMatchObject({
      allowed: false,
    });
  });

  it('follows WEBHOOK_ALLOW_PRIVATE and refuses a host that cannot be resolved', async () => {
    expect(await checkWebhookTarget('http://127.0.0.1:9/x', { allowPrivate: true })).toEqual({
      allowed: true,
      reason: null,
    });
    const failing: HostLookup = async () => {
      throw new Error('getaddrinfo ENOTFOUND nowhere.invalid');
    };
    expect(await checkWebhookTarget('https://nowhere.invalid/', strict(failing))).toEqual({
      allowed: false,
      reason: expect.stringContaining('nowhere.invalid could not be resolved') as unknown,
    });
  });
});
