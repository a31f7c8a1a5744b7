import type { Role } from '@parser/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { AppError } from '../lib/app-error.js';
import type { AuthRepository } from '../modules/auth/auth.repository.js';
import type { AccessTokens } from '../modules/auth/tokens.js';

/** Who is calling. The tenant comes from the user's row, never from the request's body or URL. */
export interface AuthContext {
  userId: string;
  email: string;
  tenantId: string | null;
  role: Role | null;
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
  users: AuthRepository;
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, { accessTokens, users }) => {
    app.decorateRequest('auth', null);

    const authenticate = async (request: FastifyRequest): Promise<AuthContext> => {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
      if (!match?.[1]) {
        throw new AppError('UNAUTHENTICATED', { message: 'Sign in to continue' });
      }
      const { userId } = await accessTokens.verify(match[1]);
      // Read membership on every request so a removed member or changed role takes effect at once.
      const user = await users.findUserById(userId);
      if (!user) throw new AppError('UNAUTHENTICATED', { message: 'Account no longer exists' });
      const auth = { userId: user.id, email: user.email, tenantId: user.tenantId, role: user.role };
      request.auth = auth;
      return auth;
    };

    app.decorate('requireUser', async (request: FastifyRequest) => {
      await authenticate(request);
    });
    app.decorate('requireTenant', async (request: FastifyRequest) => {
      const auth = await authenticate(request);
      if (!auth.tenantId) {
        throw new AppError('FORBIDDEN', {
          message: 'Your account does not belong to a company yet. Create one or accept an invite.',
        });
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
