import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';

import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { EnginePool, terminateOcr } from '@parser/extraction';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { DestinationStream } from 'pino';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';

import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Engine } from './engine/engine.js';
import { registerAgentJobs } from './modules/agents/agents.jobs.js';
import { type AiModelService, aiModelRoutes, createAiModel } from './modules/ai-model/index.js';
import { AgentsRepository } from './modules/agents/agents.repository.js';
import { agentsRoutes } from './modules/agents/agents.routes.js';
import { AgentsService } from './modules/agents/agents.service.js';
import { CurrentChecks } from './modules/agents/current-checks.js';
import { ApiKeysRepository } from './modules/api-keys/api-keys.repository.js';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { ApiKeysService } from './modules/api-keys/api-keys.service.js';
import { AuthRepository } from './modules/auth/auth.repository.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { AccessTokens } from './modules/auth/tokens.js';
import { DocTypesRepository } from './modules/doc-types/doc-types.repository.js';
import { docTypesRoutes } from './modules/doc-types/doc-types.routes.js';
import { DocTypesService } from './modules/doc-types/doc-types.service.js';
import { FilesRepository } from './modules/files/files.repository.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { registerFileJobs } from './modules/files/files.jobs.js';
import { FilesService } from './modules/files/files.service.js';
import { DocumentsRepository } from './modules/documents/documents.repository.js';
import { documentsRoutes } from './modules/documents/documents.routes.js';
import { DocumentsService } from './modules/documents/documents.service.js';
import { ExportsRepository } from './modules/exports/exports.repository.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import { ExportsService } from './modules/exports/exports.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { enqueueLearnFromReview, registerLearningJobs } from './modules/learning/learning.jobs.js';
import { LearningRepository } from './modules/learning/learning.repository.js';
import { learningRoutes } from './modules/learning/learning.routes.js';
import { LearningService } from './modules/learning/learning.service.js';
import { Metrics } from './observability/metrics.js';
import { observabilityPlugin } from './observability/observability.plugin.js';
import { serializeRequest } from './observability/request-log-serializer.js';
import { PipelineProcessing } from './modules/pipelines/pipeline-processing.service.js';
import { registerPipelineJobs } from './modules/pipelines/pipelines.jobs.js';
import { PipelinesRemoval } from './modules/pipelines/pipelines-removal.js';
import { PipelinesRepository } from './modules/pipelines/pipelines.repository.js';
import { pipelinesRoutes } from './modules/pipelines/pipelines.routes.js';
import { PipelinesService } from './modules/pipelines/pipelines.service.js';
import { RagRepository } from './modules/rag/rag.repository.js';
import { ragRoutes } from './modules/rag/rag.routes.js';
import { registerRagJobs } from './modules/rag/rag.jobs.js';
import { RagService } from './modules/rag/rag.service.js';
import { CompanySettingsService } from './modules/tenants/company-settings.service.js';
import { TenantsRepository } from './modules/tenants/tenants.repository.js';
import { tenantsRoutes } from './modules/tenants/tenants.routes.js';
import { TenantsService } from './modules/tenants/tenants.service.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { UploadsService } from './modules/uploads/uploads.service.js';
import { registerWebhookJobs } from './modules/webhooks/webhooks.jobs.js';
import { WebhooksRepository } from './modules/webhooks/webhooks.repository.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { WebhooksService } from './modules/webhooks/webhooks.service.js';
import { authPlugin } from './plugins/auth.js';
import { workerConcurrencyOf } from './runtime/process-setup.js';
import { answerClientError, registerErrorHandler } from './plugins/error-handler.js';
import { jsonDepthLimitPlugin } from './plugins/json-depth.js';
import { rateLimitsPlugin } from './plugins/rate-limits.js';
import { rejectNulCharactersPlugin } from './plugins/reject-nul-characters.js';
import { JobQueue } from './jobs/job-queue.js';
import { JobRegistry } from './jobs/job-registry.js';
import { JobsRepository } from './jobs/jobs.repository.js';
import type { BlobStorage } from './storage/blob-storage.js';

export const VERSION = '0.1.0';

export interface Services {
  auth: AuthService;
  tenants: TenantsService;
  companySettings: CompanySettingsService;
  files: FilesService;
  docTypes: DocTypesService;
  rag: RagService;
  pipelines: PipelinesService;
  uploads: UploadsService;
  documents: DocumentsService;
  exports: ExportsService;
  webhooks: WebhooksService;
  apiKeys: ApiKeysService;
  agents: AgentsService;
  learning: LearningService;
  /** The optional AI model: Settings' status, per-type switch, Quick Setup's pass. */
  aiModel: AiModelService;
}

/** The job queue of an app: what its services enqueue and what a worker needs to run it. */
export interface AppJobs {
  repository: JobsRepository;
  queue: JobQueue;
  registry: JobRegistry;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job queue; server.ts (or a test) starts a JobWorker over it. */
    jobs: AppJobs;
    /** The document engine's threads, shared by every service of the app. */
    engine: Engine;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Key that signs access tokens (kept in DATA_DIR by the server entry point). */
  tokenSigningKey: Uint8Array;
  /** Where uploaded file contents live (`${DATA_DIR}/files` by default). */
  storage: BlobStorage;
  /** Which database `db` is; on PostgreSQL the rate limit counts are shared through it. */
  databaseKind?: 'pglite' | 'postgres';
  logger?: boolean;
  /** Where log lines go; standard output unless given (tests read them from here). */
  logStream?: DestinationStream;
  /** The process's metrics, shared with its worker; a fresh set when not given. */
  metrics?: Metrics;
}

/** Registers plugins and modules; never listens, so tests drive it through `inject`. */
export async function buildApp({
  config,
  db,
  tokenSigningKey,
  storage,
  databaseKind = 'pglite',
  logger = true,
  logStream,
  metrics = new Metrics({ role: 'app', defaultMetrics: false }),
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          // Invite tokens travel in URLs; request log lines show them redacted.
          serializers: { req: serializeRequest },
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
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

  const users = new AuthRepository(db);
  const tenants = new TenantsRepository(db);
  const apiKeyRows = new ApiKeysRepository(db);
  const companySettings = new CompanySettingsService(db);
  const accessTokens = new AccessTokens(tokenSigningKey, config.ACCESS_TOKEN_TTL_SECONDS);
  const ragDocuments = new RagRepository(db);
  const fileRows = new FilesRepository(db);
  const jobsRepository = new JobsRepository(db);
  const jobs: AppJobs = {
    repository: jobsRepository,
    queue: new JobQueue(jobsRepository),
    registry: new JobRegistry(),
  };
  // The document engine runs in threads that can be stopped (time and memory limits), so no
  // document holds up the server's event loop; one thread per job slot, interactive one included.
  const engine = new EnginePool({
    size: config.ENGINE_THREADS ?? workerConcurrencyOf(config) + 1,
    timeoutMs: config.ENGINE_TIMEOUT_SECONDS * 1000,
    maxHeapMb: config.ENGINE_MAX_MEMORY_MB,
    onStop: (task, reason) => {
      metrics.observeEngineStop(task, reason);
      app.log.warn({ task, reason }, 'an engine thread was ended by its limits');
    },
  });
  const files = new FilesService({
    engine,
    files: fileRows,
    storage,
    log: app.log,
    jobs,
    observeReading: (document, seconds) => metrics.observeReading(document, seconds),
  });
  metrics.watchQueue(() => jobsRepository.queueSnapshot());
  // Engine work a request waits for runs on the worker, in the interactive lane.
  registerFileJobs(jobs.registry, files);
  const pipelineRows = new PipelinesRepository(db);
  const pipelinesRemoval = new PipelinesRemoval(db);
  // The optional AI model (LLM_BASE_URL + LLM_MODEL); without it the offline engine works alone.
  const aiModel = createAiModel({
    config,
    db,
    storage,
    engine,
    pipelines: pipelineRows,
    files,
    log: app.log,
  });
  const docTypes = new DocTypesService({
    db,
    docTypes: new DocTypesRepository(db),
    rag: ragDocuments,
    pipelinesRemoval,
    files,
    engine,
    log: app.log,
    model: aiModel.extraction,
  });
  const pipelineDeps = { db, pipelines: pipelineRows, docTypes, files, engine, queue: jobs.queue };
  const agentRows = new AgentsRepository(db);
  // The checks of a document's current values: run again whenever its values change.
  const checks = new CurrentChecks({ agents: agentRows, files, companySettings, engine });
  const agents = new AgentsService({
    db,
    agents: agentRows,
    pipelines: pipelineRows,
    docTypes,
    files,
    checks,
    engine,
    queue: jobs.queue,
    log: app.log,
    model: aiModel.agents,
  });
  // Learning from corrections: reviewed documents teach where each vendor prints its values.
  const learning = new LearningService({
    db,
    learning: new LearningRepository(db),
    pipelines: pipelineRows,
    docTypes,
    files,
    engine,
  });
  registerLearningJobs(jobs.registry, learning);
  registerPipelineJobs(
    jobs.registry,
    new PipelineProcessing({ ...pipelineDeps, agents, model: aiModel.extraction, learning }),
  );
  registerAgentJobs(jobs.registry, agents);
  const exports = new ExportsService({ exports: new ExportsRepository(db), docTypes, files });
  const webhooks = new WebhooksService({
    db,
    webhooks: new WebhooksRepository(db),
    exports,
    queue: jobs.queue,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
  });
  registerWebhookJobs(jobs.registry, webhooks);
  const rag = new RagService({ rag: ragDocuments, storage, log: app.log, jobs, engine });
  registerRagJobs(jobs.registry, rag);
  const services: Services = {
    auth: new AuthService({
      db,
      users,
      tenants,
      accessTokens,
      refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    }),
    tenants: new TenantsService({ db, tenants, users, apiKeys: apiKeyRows }),
    companySettings,
    files,
    docTypes,
    rag,
    pipelines: new PipelinesService({
      ...pipelineDeps,
      removal: pipelinesRemoval,
      tenants,
      companySettings,
      learning,
      checks,
    }),
    uploads: new UploadsService({ ...pipelineDeps, fileRows }),
    documents: new DocumentsService(new DocumentsRepository(db)),
    exports,
    webhooks,
    apiKeys: new ApiKeysService(apiKeyRows),
    agents,
    aiModel: aiModel.service,
    learning,
  };
  // Automatic export: a delivery is queued in the approval's own transaction.
  services.pipelines.onApproved((approved, trx) => webhooks.enqueueOnApproval(approved, trx));
  // A submitted review teaches; an approval teaches again (its lesson replaces the submission's).
  services.pipelines.onSubmitted((reviewed, trx) =>
    enqueueLearnFromReview(jobs.queue, reviewed, trx),
  );
  services.pipelines.onApproved((approved, trx) =>
    enqueueLearnFromReview(jobs.queue, approved, trx),
  );
  app.decorate('jobs', jobs);
  app.decorate('engine', engine);
  // OCR workers keep the process alive; they are started on first use and stopped with the app.
  app.addHook('onClose', async () => {
    await engine.close();
    await terminateOcr();
  });

  await app.register(authPlugin, {
    accessTokens,
    users,
    apiKeys: services.apiKeys,
    cacheMs: config.AUTH_CACHE_SECONDS * 1000,
  });
  await app.register(healthRoutes, {
    db,
    version: VERSION,
    jobs: jobsRepository,
    storage,
    model: () => aiModel.reachability.check(),
  });
  await app.register(authRoutes, { services, refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS });
  await app.register(tenantsRoutes, { services, publicUrl: config.PUBLIC_URL });
  await app.register(filesRoutes, { services, maxUploadBytes });
  await app.register(docTypesRoutes, { services });
  await app.register(ragRoutes, { services, maxUploadBytes });
  await app.register(uploadsRoutes, { services });
  await app.register(pipelinesRoutes, { services });
  await app.register(documentsRoutes, { services });
  await app.register(exportsRoutes, { exports: services.exports });
  await app.register(webhooksRoutes, { webhooks: services.webhooks });
  await app.register(apiKeysRoutes, { apiKeys: services.apiKeys });
  await app.register(agentsRoutes, { services });
  await app.register(learningRoutes, { learning: services.learning });
  await app.register(aiModelRoutes, { aiModel: aiModel.service });
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
