import {
  ChangeRoleBodySchema,
  CompanySettingsSchema,
  CreateInviteBodySchema,
  InviteListSchema,
  InviteSchema,
  RemoveMemberQuerySchema,
  SetupTenantResultSchema,
  TenantUserListSchema,
  TenantUserSchema,
  UpdateCompanySettingsBodySchema,
} from '@parser/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { tenantOf, userOf } from '../../plugins/auth.js';

import type { CompanySettingsService } from './company-settings.service.js';
import type { TenantsService } from './tenants.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const IdParams = z.object({ id: z.string() });

export const tenantsRoutes: FastifyPluginAsyncZod<{
  tenants: TenantsService;
  companySettings: CompanySettingsService;
  publicUrl?: string | undefined;
}> = async (app, { tenants, companySettings, publicUrl }) => {
  const baseUrlOf = (request: FastifyRequest) =>
    publicUrl ?? `${request.protocol}://${request.host}`;

  app.post(
    '/api/users/setup-tenant',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['tenants'],
        summary: 'Attach an account that has no company to a new one',
        security: bearerSecurity,
        response: { 200: SetupTenantResultSchema, ...errors },
      },
    },
    (request) => tenants.setupTenant(userOf(request).userId),
  );

  app.get(
    '/api/users/tenant',
    {
      preHandler: app.requireTenant,
      schema: {
        tags: ['tenants'],
        summary: "The users of the caller's company",
        security: bearerSecurity,
        response: { 200: TenantUserListSchema, ...errors },
      },
    },
    (request) => tenants.listUsers(tenantOf(request)),
  );

  app.patch(
    '/api/users/:id',
    {
      preHandler: app.requireTenant,
      schema: {
        tags: ['tenants'],
        summary: "Change a member's role (admins)",
        security: bearerSecurity,
        params: IdParams,
        body: ChangeRoleBodySchema,
        response: { 200: TenantUserSchema, ...errors },
      },
    },
    (request) => tenants.changeRole(tenantOf(request), request.params.id, request.body.role),
  );

  app.delete(
    '/api/users/:id',
    {
      preHandler: app.requireTenant,
      schema: {
        tags: ['tenants'],
        summary: 'Remove a member from the company (admins)',
        description:
          'The API keys the member created are revoked too, unless `revoke_api_keys=false`.',
        security: bearerSecurity,
        params: IdParams,
        querystring: RemoveMemberQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await tenants.removeMember(tenantOf(request), request.params.id, {
        revokeApiKeys: request.query.revoke_api_keys,
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/company/settings',
    {
      preHandler: app.requireTenant,
      schema: {
        tags: ['tenants'],
        summary: "The company's settings (review flow, data entry fallbacks)",
        security: bearerSecurity,
        response: { 200: CompanySettingsSchema, ...errors },
      },
    },
    (request) => companySettings.get(tenantOf(request).tenantId),
  );

  app.put(
    '/api/company/settings',
    {
      preHandler: app.requireTenant,
      schema: {
        tags: ['tenants'],
        summary: "Change the company's settings; only the keys sent change (admins)",
        security: bearerSecurity,
        body: UpdateCompanySettingsBodySchema,
        response: { 200: CompanySettingsSchema, ...errors },
      },
    },
    (request) => companySettings.update(tenantOf(request), request.body),
  );

  app.post(
    '/api/invites',
    {
      preHandler: app.requireTenant,
      schema: {
        tags: ['tenants'],
        summary: 'Invite someone by e-mail; answers the link once (admins)',
        security: bearerSecurity,
        body: CreateInviteBodySchema,
        response: { 201: InviteSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await tenants.createInvite(tenantOf(request), request.body, baseUrlOf(request))),
  );

  app.get(
    '/api/invites',
    {
      preHandler: app.requireTenant,
      schema: {
        tags: ['tenants'],
        summary: 'Pending invites (admins)',
        security: bearerSecurity,
        response: { 200: InviteListSchema, ...errors },
      },
    },
    (request) => tenants.listInvites(tenantOf(request)),
  );

  app.delete(
    '/api/invites/:id',
    {
      preHandler: app.requireTenant,
      schema: {
        tags: ['tenants'],
        summary: 'Revoke a pending invite (admins)',
        security: bearerSecurity,
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await tenants.revokeInvite(tenantOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
