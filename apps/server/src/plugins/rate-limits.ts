import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { AppError } from '../lib/app-error.js';

import { PostgresRateLimitStore } from './postgres-rate-limit-store.js';

/** Groups of routes that share limits; a request counts against its group's limits. */
export type RateLimitGroup = 'sign-in' | 'uploads' | 'engine' | 'webhooks';

/**
 * The routes that cost real work (reading documents, OCR, outgoing requests) or guard accounts,
 * as `METHOD path` with the path as registered. A route missing from this list is not limited.
 */
const LIMITED_ROUTES: Record<string, RateLimitGroup> = {
  'POST /auth/login': 'sign-in',
  'POST /auth/signup': 'sign-in',
  'POST /api/files::upload': 'uploads',
  'POST /api/uploads': 'uploads',
  'POST /api/uploads::validate': 'uploads',
  'POST /api/rag': 'uploads',
  'POST /api/files/:fileId/extract': 'engine',
  'POST /api/vision/textlayer': 'engine',
  'POST /api/doc-types/:id/test': 'engine',
  'POST /api/pipelines/:id/re-extract': 'engine',
  'POST /api/pipelines/:id/retry': 'engine',
  'POST /api/pipelines/:id/export::webhook': 'webhooks',
  'POST /api/webhook-deliveries/:id/resend': 'webhooks',
  // Checking a webhook address resolves its host name, an outgoing lookup like a send.
  'POST /api/webhooks::check-url': 'webhooks',
};

/** Agent runs (`POST /api/agents/{agent}/run`) work through many documents at once. */
const AGENT_RUN = /^\/api\/agents\/[^/]+\/run$/;

export function rateLimitGroupOf(method: string, url: string): RateLimitGroup | undefined {
  if (method === 'POST' && AGENT_RUN.test(url)) return 'engine';
  return LIMITED_ROUTES[`${method} ${url}`];
}

/** Who a limit counts: the caller's company, the client address, or the e-mail signed in as. */
type Counted = 'company' | 'address' | 'email';

interface LimitRule {
  counted: Counted;
  max: number;
  windowMs: number;
}

function rulesOf(config: Config): Record<RateLimitGroup, LimitRule[]> {
  const windowMs = config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const perCompanyAndAddress = (company: number, address: number): LimitRule[] => [
    { counted: 'company', max: company, windowMs },
    { counted: 'address', max: address, windowMs },
  ];
  const signInWindowMs = config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000;
  return {
    'sign-in': [
      { counted: 'address', max: config.AUTH_RATE_LIMIT_PER_IP, windowMs: signInWindowMs },
      { counted: 'email', max: config.AUTH_RATE_LIMIT_PER_EMAIL, windowMs: signInWindowMs },
    ],
    uploads: perCompanyAndAddress(
      config.UPLOAD_RATE_LIMIT_PER_COMPANY,
      config.UPLOAD_RATE_LIMIT_PER_IP,
    ),
    engine: perCompanyAndAddress(
      config.ENGINE_RATE_LIMIT_PER_COMPANY,
      config.ENGINE_RATE_LIMIT_PER_IP,
    ),
    webhooks: perCompanyAndAddress(
      config.WEBHOOK_RATE_LIMIT_PER_COMPANY,
      config.WEBHOOK_RATE_LIMIT_PER_IP,
    ),
  };
}

/** What a request is counted as, or null when it has nothing to count by (no e-mail sent). */
function countedKey(request: FastifyRequest, counted: Counted): string | null {
  switch (counted) {
    case 'company':
      // The route's own preHandler (requireTenant) has run: the company is the caller's.
      return request.auth?.tenantId ?? null;
    case 'address':
      return normalizeIP(request.ip);
    case 'email': {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return typeof email === 'string' ? email.trim().toLowerCase() : null;
    }
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export interface RateLimitsOptions {
  config: Config;
  db: Database;
  /** On PostgreSQL the counts live in the database, shared by every process; else in memory. */
  databaseKind: 'pglite' | 'postgres';
}

/**
 * Rate limits with @fastify/rate-limit on the routes of LIMITED_ROUTES: each group counts per
 * company and per client address (sign-in: per address and per e-mail), and a request over any
 * of its limits answers 429 RATE_LIMITED with Retry-After.
 */
export const rateLimitsPlugin = fp<RateLimitsOptions>(
  async (app, { config, db, databaseKind }) => {
    const sharedStore = new PostgresRateLimitStore(db, (error) =>
      app.log.warn({ err: error }, 'could not sweep expired rate limit counters'),
    );
    await app.register(fastifyRateLimit, {
      global: false,
      ...(databaseKind === 'postgres'
        ? {
            store: function SharedStore() {
              return sharedStore;
            } as unknown as NonNullable<Parameters<typeof fastifyRateLimit>[1]>['store'],
          }
        : {}),
    });

    const limitersOf = Object.fromEntries(
      Object.entries(rulesOf(config)).map(([group, rules]) => [
        group,
        rules.map((rule) => ({
          rule,
          check: app.createRateLimit({
            max: rule.max,
            timeWindow: rule.windowMs,
            // Groups and what they count keep apart in one store.
            keyGenerator: (request) =>
              `${group}:${rule.counted}:${countedKey(request, rule.counted) ?? ''}`,
          }),
        })),
      ]),
    ) as Record<
      RateLimitGroup,
      { rule: LimitRule; check: ReturnType<typeof app.createRateLimit> }[]
    >;

    const enforce = (group: RateLimitGroup) => async (request: FastifyRequest) => {
      for (const { rule, check } of limitersOf[group]) {
        if (countedKey(request, rule.counted) === null) continue;
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          const retryAfter = Math.max(1, result.ttlInSeconds);
          throw new AppError('RATE_LIMITED', {
            message: `Too many ${group === 'sign-in' ? 'attempts' : 'requests'}. Try again in ${formatWait(retryAfter)}.`,
            headers: { 'retry-after': String(retryAfter) },
          });
        }
      }
    };

    // After the route's own preHandlers, so the caller (and its company) is known and requests
    // that fail to authenticate are not counted against a company.
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        const group = rateLimitGroupOf(method, route.url);
        if (!group) continue;
        route.preHandler = [...[route.preHandler ?? []].flat(), enforce(group)];
        return;
      }
    });
  },
  { name: 'rate-limits' },
);
