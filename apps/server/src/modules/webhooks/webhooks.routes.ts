import {
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookExportBodySchema,
  WebhookExportResultSchema,
  WebhookSecretSchema,
  WebhookUrlCheckBodySchema,
  WebhookUrlCheckSchema,
} from '@parser/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses, tenantRoutes } from '../../lib/route-schemas.js';
import { tenantOf } from '../../plugins/auth.js';

import type { WebhooksService } from './webhooks.service.js';

const IdParams = z.object({ id: z.string() });

export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  const route = tenantRoutes(app, ['webhooks'], errorResponses(400, 401, 403, 404, 409));

  // '::' escapes the colon of the spec's path `/api/pipelines/{id}/export:webhook`.
  app.post(
    '/api/pipelines/:id/export::webhook',
    route({
      summary: 'Send an approved document to a webhook now (one signed attempt)',
      description:
        'Answers 200 with the outcome whatever the receiver answered: success is true for a ' +
        '2xx. A URL that is not http(s) or resolves to a loopback, private or link-local ' +
        "address answers 400. Sent to the type's own webhook URL, the request also carries " +
        "the type's headers, bearer token and API key header.",
      params: IdParams,
      body: WebhookExportBodySchema,
      response: { 200: WebhookExportResultSchema },
    }),
    (request) => webhooks.sendNow(tenantOf(request), request.params.id, request.body),
  );

  // The wizard's webhook test runs in the browser (spec), which can reach addresses the server
  // will refuse: it asks here first, so a test never passes for a URL deliveries cannot reach.
  app.post(
    '/api/webhooks::check-url',
    route({
      summary: 'Whether real deliveries may reach a URL, and if not, why',
      description:
        'The same checks a delivery makes: http(s) only, and every address the host resolves ' +
        'to must be public (unless the server allows private addresses). Answers 200 either way.',
      body: WebhookUrlCheckBodySchema,
      response: { 200: WebhookUrlCheckSchema },
    }),
    (request) => webhooks.checkTarget(request.body.url),
  );

  app.get(
    '/api/pipelines/:id/deliveries',
    route({
      summary: "A document's webhook deliveries, newest first, with their attempts",
      params: IdParams,
      response: { 200: WebhookDeliveryListSchema },
    }),
    (request) => webhooks.listForPipeline(tenantOf(request), request.params.id),
  );

  app.post(
    '/api/webhook-deliveries/:id/resend',
    route({
      summary: 'Send a delivered or failed delivery again, with a new series of retries',
      params: IdParams,
      response: { 200: WebhookDeliverySchema },
    }),
    (request) => webhooks.resend(tenantOf(request), request.params.id),
  );

  app.get(
    '/api/settings/webhook-secret',
    route({
      summary: 'The secret that signs webhook deliveries (X-Parser-Signature); admins',
      response: { 200: WebhookSecretSchema },
    }),
    (request) => webhooks.secret(tenantOf(request)),
  );

  app.post(
    '/api/settings/webhook-secret::rotate',
    route({
      summary:
        'Replace the webhook signing secret; deliveries are signed with the new one (admins)',
      response: { 200: WebhookSecretSchema },
    }),
    (request) => webhooks.rotateSecret(tenantOf(request)),
  );
};
