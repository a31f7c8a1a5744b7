import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

import { blockedAddressReason } from './webhook-address.js';

/** A webhook URL that policy refuses (bad scheme, private address); retrying cannot help. */
export class WebhookRefusedError extends Error {
  override readonly name = 'WebhookRefusedError';
}

/** Where a delivery connects: the URL, and the address it was checked at (the connection is pinned to it). */
export interface WebhookTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export type HostLookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface ResolveOptions {
  /** WEBHOOK_ALLOW_PRIVATE: loopback, private and link-local addresses are allowed. */
  allowPrivate: boolean;
  lookup?: HostLookup;
}

/**
 * Checks a webhook URL and resolves its host. Only http and https; every address the host
 * resolves to must be public (unless private ones are allowed), so a name that also resolves to
 * an internal address is refused as a whole. Throws WebhookRefusedError with a reason people can
 * read; a failed DNS lookup throws the lookup's error (a network failure, worth retrying).
 */
export async function resolveWebhookTarget(
  raw: string,
  { allowPrivate, lookup = systemLookup }: ResolveOptions,
): Promise<WebhookTarget> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new WebhookRefusedError(`Webhook URL "${raw}" is not a valid address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new WebhookRefusedError(
      `Webhook URL must use http or https, not ${url.protocol.replace(/:$/, '')}`,
    );
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  const addresses = family === 0 ? await lookup(host) : [{ address: host, family }];
  if (addresses.length === 0) throw new Error(`The host ${host} has no address`);
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const reason = blockedAddressReason(address);
      if (reason) {
        const resolved = address === host ? '' : ` resolves to ${address}, which`;
        throw new WebhookRefusedError(
          `Webhook URL refused: ${host}${resolved} is a ${reason} address; webhooks can only reach public internet addresses`,
        );
      }
    }
  }
  const chosen = addresses[0]!;
  return { url, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}

/** Whether real deliveries may reach a URL, and if not, why in words people can act on. */
export interface WebhookTargetCheck {
  allowed: boolean;
  reason: string | null;
}

/**
 * The delivery policy as a question: the same checks a delivery makes (scheme, every address
 * the host resolves to, WEBHOOK_ALLOW_PRIVATE), answered instead of thrown. A host that cannot
 * be resolved now is not allowed either, since a delivery to it would fail.
 */
export async function checkWebhookTarget(
  raw: string,
  options: ResolveOptions,
): Promise<WebhookTargetCheck> {
  try {
    await resolveWebhookTarget(raw, options);
    return { allowed: true, reason: null };
  } catch (error) {
    if (error instanceof WebhookRefusedError) return { allowed: false, reason: error.message };
    const host = URL.canParse(raw.trim()) ? new URL(raw.trim()).hostname : raw;
    return {
      allowed: false,
      reason: `The host ${host} could not be resolved (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}
