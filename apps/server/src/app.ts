import { existsSync } from 'node:fs';
import path from 'node:path';

import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';

import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { AuthRepository } from './modules/auth/auth.repository.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { RateLimiter } from './modules/auth/rate-limiter.js';
import { AccessTokens } from './modules/auth/tokens.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { TenantsRepository } from './modules/tenants/tenants.repository.js';
import { tenantsRoutes } from './modules/tenants/tenants.routes.js';
import { TenantsService } from './modules/tenants/tenants.service.js';
import { authPlugin } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/error-handler.js';

export const VERSION = '0.1.0';

export interface Services {
  auth: AuthService;
  tenants: TenantsService;
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Key that signs access tokens (kept in DATA_DIR by the server entry point). */
  tokenSigningKey: Uint8Array;
  logger?: boolean;
}

/** Registers plugins and modules; never listens, so tests drive it through `inject`. */
export async function buildApp({
  config,
  db,
  tokenSigningKey,
  logger = true,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(fastifyCookie);
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

  const users = new AuthRepository(db);
  const tenants = new TenantsRepository(db);
  const accessTokens = new AccessTokens(tokenSigningKey, config.ACCESS_TOKEN_TTL_SECONDS);
  const windowMs = config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000;
  const services: Services = {
    auth: new AuthService({
      db,
      users,
      tenants,
      accessTokens,
      refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
      limiters: {
        perIp: new RateLimiter(config.AUTH_RATE_LIMIT_PER_IP, windowMs),
        perEmail: new RateLimiter(config.AUTH_RATE_LIMIT_PER_EMAIL, windowMs),
      },
    }),
    tenants: new TenantsService({ db, tenants, users }),
  };

  await app.register(authPlugin, { accessTokens, users });
  await app.register(healthRoutes, { db, version: VERSION });
  await app.register(authRoutes, { services, refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS });
  await app.register(tenantsRoutes, { services, publicUrl: config.PUBLIC_URL });
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
