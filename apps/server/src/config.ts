import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Embedded database, uploaded files and generated secrets live here. */
  DATA_DIR: z.string().default('./data'),
  /** postgres://… switches from the embedded PGlite database to a PostgreSQL server. */
  DATABASE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public address of the web app, used in invite links; defaults to the address of the request. */
  PUBLIC_URL: z.url().optional(),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Sign-up and login attempts allowed per client address per window. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Sign-up and login attempts allowed per e-mail address per window. */
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** The window of the limits below: requests allowed per company and per client address. */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /** File uploads, upload validation, pipeline creation and knowledge document uploads. */
  UPLOAD_RATE_LIMIT_PER_COMPANY: z.coerce.number().int().min(1).default(600),
  UPLOAD_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(600),
  /** Engine work started by a request: extract, text layer, type test, re-extract, retry, agent runs. */
  ENGINE_RATE_LIMIT_PER_COMPANY: z.coerce.number().int().min(1).default(120),
  ENGINE_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(120),
  /** Webhook sends and resends. */
  WEBHOOK_RATE_LIMIT_PER_COMPANY: z.coerce.number().int().min(1).default(60),
  WEBHOOK_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
  /** Set when the server runs behind a reverse proxy, so client addresses come from X-Forwarded-For. */
  TRUST_PROXY: booleanFromEnv.default(false),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(50),
  /** Background jobs (extraction, deliveries) run at once by the in-process worker; default: the OCR pool size. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Lets webhooks reach loopback, private and link-local addresses. Off by default so a webhook
   * URL cannot reach into the server's own network (cloud metadata, internal services).
   */
  WEBHOOK_ALLOW_PRIVATE: booleanFromEnv.default(false),
});

export type Config = z.infer<typeof EnvSchema>;

/** Parses the environment once; lists every invalid variable instead of failing on the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  // npm runs workspace scripts inside the workspace; a relative DATA_DIR means relative to where
  // the user typed the command (INIT_CWD), so `npm start` at the root keeps ./data at the root.
  const base = env.INIT_CWD ?? process.cwd();
  return { ...parsed.data, DATA_DIR: path.resolve(base, parsed.data.DATA_DIR) };
}
