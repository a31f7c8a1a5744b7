import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';

import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';

import type { Config } from './config.js';
import type { ComposedServices } from './composition/compose-services.js';
import type { Database } from './db/client.js';
import { aiModelRoutes } from './modules/ai-model/ai-model.routes.js';
import { agentsRoutes } from './modules/agents/agents.routes.js';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { docTypesRoutes } from './modules/doc-types/doc-types.routes.js';
import { documentsRoutes } from './modules/documents/documents.routes.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { learningRoutes } from './modules/learning/learning.routes.js';
import { pipelinesRoutes } from './modules/pipelines/pipelines.routes.js';
import { ragRoutes } from './modules/rag/rag.routes.js';
import { tenantsRoutes } from './modules/tenants/tenants.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import type { Metrics } from './observability/metrics.js';
import { observabilityPlugin } from './observability/observability.plugin.js';
import { authPlugin } from './plugins/auth.js';
import { answerClientError, registerErrorHandler } from './plugins/error-handler.js';
import { jsonDepthLimitPlugin } from './plugins/json-depth.js';
import { rateLimitsPlugin } from './plugins/rate-limits.js';
import { rejectNulCharactersPlugin } from './plugins/reject-nul-characters.js';
import type { BlobStorage } from './storage/blob-storage.js';
import { VERSION } from './version.js';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** The process's services (composition/compose-services.ts); the app adds HTTP on top. */
  composed: ComposedServices;
  /** Where uploaded file contents live, checked by GET /ready. */
  storage: BlobStorage;
  /** Which database `db` is; on PostgreSQL the rate limit counts are shared through it. */
  databaseKind?: 'pglite' | 'postgres';
  /** The process's logger (observability/logger.ts), shared with its services. */
  logger: FastifyBaseLogger;
  /** The process's metrics, shared with its services and worker; served on GET /metrics. */
  metrics: Metrics;
}

/** Registers plugins and modules; never listens, so tests drive it through `inject`. */
export async function buildApp({
  config,
  db,
  composed,
  storage,
  databaseKind = 'pglite',
  logger,
  metrics,
}: BuildAppOptions): Promise<FastifyInstance> {
  const { services } = composed;
  const app = Fastify({
    loggerInstance: logger,
    // A request id from the load balancer ties its log lines to the proxy's; otherwise a new one.
    requestIdHeader: false,
    genReqId: (request) => {
      const forwarded = request.headers['x-request-id'];
      return typeof forwarded === 'string' && /^[\w.:-]{1,128}$/.test(forwarded)
        ? forwarded
        : randomUUID();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(observabilityPlugin, { metrics, metricsToken: config.METRICS_TOKEN });

  await app.register(fastifyCookie);
  await app.register(jsonDepthLimitPlugin);
  await app.register(rejectNulCharactersPlugin);
  await app.register(rateLimitsPlugin, { config, db, databaseKind });
  const maxUploadBytes = Math.floor(config.MAX_UPLOAD_MB * 1024 * 1024);
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxUploadBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Parser API',
        version: VERSION,
        description: 'Documents in, structured data out.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  await app.register(authPlugin, {
    accessTokens: composed.accessTokens,
    users: services.auth,
    apiKeys: services.apiKeys,
    cacheMs: config.AUTH_CACHE_SECONDS * 1000,
  });
  await app.register(healthRoutes, {
    db,
    version: VERSION,
    jobs: composed.jobs.repository,
    storage,
    model: () => composed.modelReachability.check(),
  });
  await app.register(authRoutes, {
    auth: services.auth,
    tenants: services.tenants,
    refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
  });
  await app.register(tenantsRoutes, {
    tenants: services.tenants,
    companySettings: services.companySettings,
    publicUrl: config.PUBLIC_URL,
  });
  await app.register(filesRoutes, {
    files: services.files,
    extraction: services.extraction,
    maxUploadBytes,
  });
  await app.register(docTypesRoutes, { docTypes: services.docTypes });
  await app.register(ragRoutes, { rag: services.rag, maxUploadBytes });
  await app.register(uploadsRoutes, { uploads: services.uploads });
  await app.register(pipelinesRoutes, { pipelines: services.pipelines });
  await app.register(documentsRoutes, { documents: services.documents });
  await app.register(exportsRoutes, { exports: services.exports });
  await app.register(webhooksRoutes, { webhooks: services.webhooks });
  await app.register(apiKeysRoutes, { apiKeys: services.apiKeys });
  await app.register(agentsRoutes, { agents: services.agents });
  await app.register(learningRoutes, { learning: services.learning });
  await app.register(aiModelRoutes, { aiModel: services.aiModel });
  await registerWebApp(app, config.WEB_DIST_DIR);
  return app;
}

const API_PREFIXES = ['/api/', '/auth/', '/health', '/me'];

/**
 * Serves the built React app from the same origin. Unknown GET paths outside the API get
 * index.html (client-side routes); everything else answers 404 in the error shape.
 */
async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWebApp = existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  } else {
    app.log.warn({ distDir }, 'web app not built; serving the API only (run npm run build)');
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some(
      (prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix),
    );
    if (hasWebApp && request.method === 'GET' && !isApi && !path.extname(pathname)) {
      return sendIndex(reply);
    }
    return reply
      .code(404)
      .send({ detail: `No route for ${request.method} ${pathname}`, code: 'NOT_FOUND' });
  });
}

const sendIndex = (reply: FastifyReply) =>
  reply.header('cache-control', 'no-cache').sendFile('index.html');
