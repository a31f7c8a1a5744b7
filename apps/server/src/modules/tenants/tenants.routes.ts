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

import { bearerSecurity, errorResponses, tenantRoutes } from '../../lib/route-schemas.js';
import { tenantOf, userOf } from '../../plugins/auth.js';

import type { CompanySettingsService } from './company-settings.service.js';
import type { TenantsService } from './tenants.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['tenants'];
const IdParams = z.object({ id: z.string() });

export const tenantsRoutes: FastifyPluginAsyncZod<{
  tenants: TenantsService;
  companySettings: CompanySettingsService;
  publicUrl?: string | undefined;
}> = async (app, { tenants, companySettings, publicUrl }) => {
  const route = tenantRoutes(app, tags, errors);

  const baseUrlOf = (request: FastifyRequest) =>
    publicUrl ?? `${request.protocol}://${request.host}`;

  app.post(
    '/api/users/setup-tenant',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Attach an account that has no company to a new one',
        security: bearerSecurity,
        response: { 200: SetupTenantResultSchema, ...errors },
      },
    },
    (request) => tenants.setupTenant(userOf(request).userId),
  );

  app.get(
    '/api/users/tenant',
    route({
      summary: "The users of the caller's company",
      response: { 200: TenantUserListSchema },
    }),
    (request) => tenants.listUsers(tenantOf(request)),
  );

  app.patch(
    '/api/users/:id',
    route({
      summary: "Change a member's role (admins)",
      params: IdParams,
      body: ChangeRoleBodySchema,
      response: { 200: TenantUserSchema },
    }),
    (request) => tenants.changeRole(tenantOf(request), request.params.id, request.body.role),
  );

  app.delete(
    '/api/users/:id',
    route({
      summary: 'Remove a member from the company (admins)',
      description:
        'The API keys the member created are revoked too, unless `revoke_api_keys=false`.',
      params: IdParams,
      querystring: RemoveMemberQuerySchema,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await tenants.removeMember(tenantOf(request), request.params.id, {
        revokeApiKeys: request.query.revoke_api_keys,
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/company/settings',
    route({
      summary: "The company's settings (review flow, data entry fallbacks)",
      response: { 200: CompanySettingsSchema },
    }),
    (request) => companySettings.get(tenantOf(request).tenantId),
  );

  app.put(
    '/api/company/settings',
    route({
      summary: "Change the company's settings; only the keys sent change (admins)",
      body: UpdateCompanySettingsBodySchema,
      response: { 200: CompanySettingsSchema },
    }),
    (request) => companySettings.update(tenantOf(request), request.body),
  );

  app.post(
    '/api/invites',
    route({
      summary: 'Invite someone by e-mail; answers the link once (admins)',
      body: CreateInviteBodySchema,
      response: { 201: InviteSchema },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(await tenants.createInvite(tenantOf(request), request.body, baseUrlOf(request))),
  );

  app.get(
    '/api/invites',
    route({
      summary: 'Pending invites (admins)',
      response: { 200: InviteListSchema },
    }),
    (request) => tenants.listInvites(tenantOf(request)),
  );

  app.delete(
    '/api/invites/:id',
    route({
      summary: 'Revoke a pending invite (admins)',
      params: IdParams,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await tenants.revokeInvite(tenantOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
