import {
  ChangePasswordBodySchema,
  ErrorSchema,
  InvitePreviewSchema,
  LoginBodySchema,
  MeSchema,
  RefreshBodySchema,
  RegisterBodySchema,
  SignupBodySchema,
  TokenPairSchema,
} from '@parser/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { userOf } from '../../plugins/auth.js';
import type { TenantsService } from '../tenants/tenants.service.js';

import type { AuthService, IssuedTokens } from './auth.service.js';
import { clearRefreshCookie, refreshTokenOf, setRefreshCookie } from './refresh-cookie.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const TokenParams = z.object({ token: z.string().min(1).max(200) });

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  /** Creating the caller's company and joining one by invite are the tenants module's. */
  tenants: TenantsService;
  refreshTtlDays: number;
}> = async (app, { auth, tenants, refreshTtlDays }) => {
  const sendTokens = (
    request: FastifyRequest,
    reply: FastifyReply,
    tokens: IssuedTokens,
    status = 200,
  ) => {
    setRefreshCookie(request, reply, tokens.refresh_token, refreshTtlDays);
    const { familyId: _familyId, ...body } = tokens;
    return reply.code(status).send(body);
  };

  app.post(
    '/auth/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account',
        body: SignupBodySchema,
        response: { 201: TokenPairSchema, ...errors },
      },
    },
    async (request, reply) => sendTokens(request, reply, await auth.signup(request.body), 201),
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: LoginBodySchema,
        response: { 200: TokenPairSchema, ...errors },
      },
    },
    async (request, reply) => sendTokens(request, reply, await auth.login(request.body)),
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Exchange a refresh token (body or cookie) for a new token pair; 204 when none is sent',
        body: RefreshBodySchema.nullish(),
        response: { 200: TokenPairSchema, 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      // A signed-out browser asks on every page load: no token is no session, not a failure, so
      // the answer is not an error status (which browsers log in the console).
      if (refreshTokenOf(request, request.body) === undefined) return reply.code(204).send(null);
      try {
        return sendTokens(
          request,
          reply,
          await auth.refresh(refreshTokenOf(request, request.body)),
        );
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke a refresh token (body or cookie)',
        body: RefreshBodySchema.nullish(),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await auth.logout(refreshTokenOf(request, request.body));
      clearRefreshCookie(reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/register',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: "Create the signed-in user's company with them as admin (idempotent)",
        security: bearerSecurity,
        body: RegisterBodySchema,
        response: { 200: MeSchema, ...errors },
      },
    },
    (request) => tenants.register(userOf(request).userId, request.body),
  );

  for (const url of ['/auth/me', '/me']) {
    app.get(
      url,
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          security: bearerSecurity,
          response: { 200: MeSchema, 401: ErrorSchema },
        },
      },
      (request) => auth.me(userOf(request).userId),
    );
  }

  app.post(
    '/auth/password',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Change the password; other sessions are signed out',
        security: bearerSecurity,
        body: ChangePasswordBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await auth.changePassword(userOf(request).userId, request.body, refreshTokenOf(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/invites/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'What an invite link offers',
        params: TokenParams,
        response: { 200: InvitePreviewSchema, 404: ErrorSchema },
      },
    },
    (request) => tenants.previewInvite(request.params.token),
  );

  app.post(
    '/auth/invites/:token/accept',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: "Join the invite's company",
        security: bearerSecurity,
        params: TokenParams,
        response: { 200: MeSchema, ...errors },
      },
    },
    (request) => tenants.acceptInvite(userOf(request).userId, request.params.token),
  );
};
