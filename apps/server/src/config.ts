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
  /**
   * Key that signs access tokens (base64 or base64url, at least 32 bytes). Every API process of a
   * scale-out deployment needs the same one; by default a key generated in DATA_DIR is used.
   */
  TOKEN_SIGNING_KEY: z.string().min(43).optional(),
  /** Port of a worker process's /health, /ready and /metrics (npm run start:worker). */
  /** When set, GET /metrics (API and worker status port) answers only `Authorization: Bearer <it>`. */
  METRICS_TOKEN: z.string().min(16).optional(),
  WORKER_STATUS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** On SIGTERM, how long a worker lets its running jobs finish before handing them back. */
  WORKER_STOP_SECONDS: z.coerce.number().int().min(0).max(3600).default(20),
  /** How long a worker's claim on a job holds without renewal; a dead worker's job reruns after it. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /**
   * Runs of one job that may end its worker before the job fails for good: the engine stopped at
   * its time or memory limit or crashed, or the process died or froze while running the job. A
   * document that does this is failed at its step with the reason (the clerk can retry it), so it
   * cannot hold up the queue or bring the server down at every restart.
   */
  JOB_MAX_ENGINE_STOPS: z.coerce.number().int().min(1).max(100).default(2),
  /**
   * Wall-clock limit of one engine task (reading a document, extracting it, an agent's run, a page
   * preview, Quick Setup). Past it the engine thread is ended and the document's step fails with
   * the reason, which Retry clears.
   */
  ENGINE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** Heap limit of one engine thread; a document that needs more fails its step with the reason. */
  ENGINE_MAX_MEMORY_MB: z.coerce.number().int().min(128).max(16384).default(1024),
  /** Engine threads of a process; default: the job concurrency plus the interactive slot. */
  ENGINE_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** How long a signed-in user's membership and role are reused before being read again. */
  AUTH_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  /** Where file contents live: `local` (DATA_DIR/files) or `s3` (an S3-compatible bucket). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** e.g. http://minio:9000; leave unset for AWS S3 itself. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style addresses (http://host/bucket/key), needed by MinIO and most S3-compatible servers. */
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  /** Key prefix inside the bucket, so several installations can share one bucket. */
  S3_PREFIX: z.string().default(''),
  /**
   * An OpenAI-compatible endpoint (Ollama, vLLM, LM Studio, llama.cpp server, OpenAI), e.g.
   * http://localhost:11434/v1. With LLM_MODEL it turns the optional AI model on; unset, the
   * offline engine works alone.
   */
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  /** The model's name at the endpoint, e.g. qwen2.5:7b or gpt-4o-mini. */
  LLM_MODEL: z.string().min(1).optional(),
  /** A model that reads page images, for images, scans and handwriting. */
  LLM_VISION_MODEL: z.string().min(1).optional(),
  /** How long one model answer may take before the document keeps the offline result. */
  LLM_TIMEOUT_S: z.coerce.number().positive().max(3600).default(60),
  /** Model requests in flight at once from this process. */
  LLM_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
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
