import type { Role } from '@parser/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { UserRow } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';
import { TtlCache } from '../lib/ttl-cache.js';
import { API_KEY_ROUTES, isApiKeyRoute } from '../modules/api-keys/api-key-access.js';
import { isApiKeyToken } from '../modules/api-keys/api-key-format.js';
import type { AccessTokens } from '../modules/auth/tokens.js';

/**
 * Who is calling: a signed-in user, or an API key of a tenant. The tenant comes from the user's
 * (or key's) row, never from the request's body or URL.
 */
export interface AuthContext {
  /** The user; for an API key, the key's creator (recorded in rows that name a user). */
  userId: string;
  email: string;
  tenantId: string | null;
  role: Role | null;
  /** How history names the caller: the user's e-mail, or `API key "<name>"`. */
  actorLabel: string;
  /** Set when the caller is an API key rather than a signed-in user. */
  apiKey: { id: string; name: string } | null;
}

export interface TenantAuth extends AuthContext {
  tenantId: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** preHandler: a valid access token of an existing user. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: a signed-in user who belongs to a tenant. */
    requireTenant: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export interface AuthPluginOptions {
  accessTokens: AccessTokens;
  /** Finds the caller's user row (the auth module's service). */
  users: { findUser(userId: string): Promise<UserRow | undefined> };
  /** Turns an API key (`prs_…`) into its caller; throws UNAUTHENTICATED for a bad or revoked key. */
  apiKeys: { authenticate(token: string): Promise<AuthContext> };
  /**
   * How long a user's row (membership, role) and a verified access token are reused. 0 reads the
   * user on every request. @default 0
   */
  cacheMs?: number;
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, { accessTokens, users, apiKeys, cacheMs = 0 }) => {
    app.decorateRequest('auth', null);

    // The list screens are read far more often than memberships change. A few seconds of reuse
    // saves a token check and a user query per request; a removed member or changed role still
    // takes effect within `cacheMs` on every process, and at once on this one (see onResponse).
    const verifiedTokens = new TtlCache<string, string>(cacheMs);
    const knownUsers = new TtlCache<string, AuthContext>(cacheMs);
    if (cacheMs > 0) {
      app.addHook('onResponse', async (request, reply) => {
        if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
          knownUsers.clear();
        }
      });
    }

    const verifyAccessToken = async (token: string): Promise<string> => {
      const known = verifiedTokens.get(token);
      if (known) return known;
      const { userId, expiresAtMs } = await accessTokens.verify(token);
      // Never longer than the token itself is valid.
      verifiedTokens.set(token, userId, Math.min(cacheMs, expiresAtMs - Date.now()));
      return userId;
    };

    const loadUser = async (userId: string): Promise<AuthContext> => {
      const known = knownUsers.get(userId);
      if (known) return { ...known };
      const user = await users.findUser(userId);
      if (!user) throw new AppError('UNAUTHENTICATED', { message: 'Account no longer exists' });
      const auth: AuthContext = {
        userId: user.id,
        email: user.email,
        tenantId: user.tenantId,
        role: user.role,
        actorLabel: user.email,
        apiKey: null,
      };
      knownUsers.set(userId, auth);
      return { ...auth };
    };

    // Routes guarded by requireUser or requireTenant, as `METHOD url`.
    const guarded = new Set<string>();
    // A listed route that no longer exists (renamed, moved) would silently close it to keys.
    const registered = new Set<string>();

    const bearerToken = (request: FastifyRequest) =>
      /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];

    // Keys reach only the routes listed for them; identity, settings and the decisions people
    // make (review, approval, deletes) stay with signed-in users.
    const refuseKeyOutsideItsRoutes = (request: FastifyRequest) => {
      if (!isApiKeyRoute(request.method, request.routeOptions.url)) {
        throw new AppError('FORBIDDEN', {
          message: `API keys cannot be used for ${request.method} ${request.url.split('?')[0]}; sign in as a user to do this`,
        });
      }
    };

    const authenticate = async (request: FastifyRequest): Promise<AuthContext> => {
      const token = bearerToken(request);
      if (!token) throw new AppError('UNAUTHENTICATED', { message: 'Sign in to continue' });
      if (isApiKeyToken(token)) {
        refuseKeyOutsideItsRoutes(request);
        const keyAuth = await apiKeys.authenticate(token);
        request.auth = keyAuth;
        return keyAuth;
      }
      const auth = await loadUser(await verifyAccessToken(token));
      request.auth = auth;
      return auth;
    };

    const requireUser = async (request: FastifyRequest) => {
      await authenticate(request);
    };
    const requireTenant = async (request: FastifyRequest) => {
      const auth = await authenticate(request);
      if (!auth.tenantId) {
        throw new AppError('FORBIDDEN', {
          message: 'Your account does not belong to a company yet. Create one or accept an invite.',
        });
      }
    };
    app.decorate('requireUser', requireUser);
    app.decorate('requireTenant', requireTenant);

    app.addHook('onRoute', (route) => {
      const handlers = [route.preHandler ?? []].flat();
      const isGuarded = handlers.some((h) => h === requireUser || h === requireTenant);
      for (const method of [route.method].flat()) {
        registered.add(`${method} ${route.url}`);
        if (isGuarded) guarded.add(`${method} ${route.url}`);
      }
    });
    app.addHook('onReady', async () => {
      const missing = [...API_KEY_ROUTES].filter((route) => !registered.has(route));
      if (missing.length > 0) {
        throw new Error(`Routes open to API keys are not registered: ${missing.join(', ')}`);
      }
    });
    // A key on a route closed to keys is refused before its body is read or validated.
    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (!token || !isApiKeyToken(token)) return;
      if (guarded.has(`${request.method} ${request.routeOptions.url}`)) {
        refuseKeyOutsideItsRoutes(request);
      }
    });
  },
  { name: 'auth' },
);

/** The caller of a route guarded by requireUser. */
export function userOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', { message: 'Sign in to continue' });
  return request.auth;
}

/** The caller of a route guarded by requireTenant. */
export function tenantOf(request: FastifyRequest): TenantAuth {
  const auth = userOf(request);
  if (!auth.tenantId || !auth.role) {
    throw new AppError('FORBIDDEN', { message: 'Your account does not belong to a company yet' });
  }
  return { ...auth, tenantId: auth.tenantId, role: auth.role };
}

/** Settings that only an admin of the company may see or change. */
export function assertAdmin(auth: TenantAuth): void {
  if (auth.role !== 'admin') {
    throw new AppError('FORBIDDEN', { message: 'Only an admin of your company can do this' });
  }
}
