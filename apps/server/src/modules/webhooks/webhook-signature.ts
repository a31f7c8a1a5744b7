import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret; receivers use the whole string as the HMAC key. */
export const generateWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The X-Parser-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
 * The timestamp is signed with the body, so a receiver can refuse old deliveries replayed later.
 */
export function signWebhook(secret: string, body: string, at: Date = new Date()): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}
