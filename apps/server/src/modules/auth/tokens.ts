import { createHash, randomBytes } from 'node:crypto';

import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';

const ISSUER = 'parser';
const AUDIENCE = 'parser-api';
/** Servers behind one load balancer may disagree by a moment on the time a token was issued. */
const CLOCK_TOLERANCE_SECONDS = 5;

export interface AccessClaims {
  userId: string;
  /** When the token expires (epoch milliseconds). */
  expiresAtMs: number;
}

/** Short-lived signed access tokens (HS256 under a key kept in DATA_DIR). */
export class AccessTokens {
  constructor(
    private readonly key: Uint8Array,
    readonly ttlSeconds: number,
  ) {}

  sign(userId: string): Promise<string> {
    // One clock reading for both claims, so the lifetime is exactly the TTL that verify allows.
    const issuedAt = Math.floor(Date.now() / 1000);
    return new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.key);
  }

  /**
   * A token is accepted only as this server issues it: with `exp` and `iat`, issued no longer
   * than the TTL ago and living no longer than the TTL. A token signed with the key but given a
   * longer life (or none) would otherwise stay usable long after any token we issue expires.
   */
  async verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
        maxTokenAge: this.ttlSeconds,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      });
      // A token signed with our key can still carry claims we never issue (a subject that is not
      // a user id, a lifetime longer than the TTL); it must be refused here, before the subject
      // reaches a uuid column.
      if (payload.typ !== 'access' || typeof payload.sub !== 'string' || !isUuid(payload.sub))
        throw new Error('not an access token');
      const { exp, iat } = payload as { exp: number; iat: number };
      if (exp - iat > this.ttlSeconds) throw new Error('lives longer than an access token may');
      return { userId: payload.sub.toLowerCase(), expiresAtMs: exp * 1000 };
    } catch (error) {
      const expired = error instanceof joseErrors.JWTExpired;
      throw new AppError('UNAUTHENTICATED', {
        message: expired ? 'Access token expired' : 'Invalid access token',
        cause: error,
      });
    }
  }
}

/** An opaque random secret; only its hash is stored, so a database leak reveals no usable token. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export const hashOpaqueToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');
