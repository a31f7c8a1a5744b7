import { EnginePool, terminateOcr } from '@parser/extraction';
import type { FastifyBaseLogger } from 'fastify';

import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Engine } from '../engine/engine.js';
import { type AppJobs, createAppJobs } from '../jobs/app-jobs.js';
import { registerAgentJobHandlers } from '../modules/agents/agents.job-handlers.js';
import { AgentsRepository } from '../modules/agents/agents.repository.js';
import { AgentsService } from '../modules/agents/agents.service.js';
import { CurrentChecks } from '../modules/agents/current-checks.js';
import { type AiModelService, createAiModel } from '../modules/ai-model/index.js';
import type { ModelReachability } from '../modules/ai-model/model-reachability.js';
import { ApiKeysRepository } from '../modules/api-keys/api-keys.repository.js';
import { ApiKeysService } from '../modules/api-keys/api-keys.service.js';
import { AuthRepository } from '../modules/auth/auth.repository.js';
import { AuthService } from '../modules/auth/auth.service.js';
import { AccessTokens } from '../modules/auth/tokens.js';
import { DocTypeLookup } from '../modules/doc-types/doc-type-lookup.js';
import { DocTypesRepository } from '../modules/doc-types/doc-types.repository.js';
import { DocTypesService } from '../modules/doc-types/doc-types.service.js';
import { DocumentsRepository } from '../modules/documents/documents.repository.js';
import { DocumentsService } from '../modules/documents/documents.service.js';
import { ExportsRepository } from '../modules/exports/exports.repository.js';
import { ExportsService } from '../modules/exports/exports.service.js';
import { DocumentExtraction } from '../modules/extraction/document-extraction.service.js';
import { registerFileJobHandlers } from '../modules/files/files.job-handlers.js';
import { FilesRepository } from '../modules/files/files.repository.js';
import { FilesService } from '../modules/files/files.service.js';
import { registerLearningJobHandlers } from '../modules/learning/learning.job-handlers.js';
import { enqueueLearnFromReview } from '../modules/learning/learning.jobs.js';
import { LearningRepository } from '../modules/learning/learning.repository.js';
import { LearningService } from '../modules/learning/learning.service.js';
import { PipelineProcessing } from '../modules/pipelines/pipeline-processing.service.js';
import { PipelinesForAgents } from '../modules/pipelines/pipelines-for-agents.service.js';
import { PipelinesRemoval } from '../modules/pipelines/pipelines-removal.js';
import { registerPipelineJobHandlers } from '../modules/pipelines/pipelines.job-handlers.js';
import { PipelinesRepository } from '../modules/pipelines/pipelines.repository.js';
import { PipelinesService } from '../modules/pipelines/pipelines.service.js';
import { PipelineStateMachine } from '../modules/pipelines/state-machine/pipeline-state-machine.js';
import { registerRagJobHandlers } from '../modules/rag/rag.job-handlers.js';
import { RagRepository } from '../modules/rag/rag.repository.js';
import { RagService } from '../modules/rag/rag.service.js';
import { CompanySettingsService } from '../modules/tenants/company-settings.service.js';
import { TenantsRepository } from '../modules/tenants/tenants.repository.js';
import { TenantsService } from '../modules/tenants/tenants.service.js';
import { UploadsService } from '../modules/uploads/uploads.service.js';
import { registerWebhookJobHandlers } from '../modules/webhooks/webhooks.job-handlers.js';
import { WebhooksRepository } from '../modules/webhooks/webhooks.repository.js';
import { WebhooksService } from '../modules/webhooks/webhooks.service.js';
import type { Metrics } from '../observability/metrics.js';
import { workerConcurrencyOf } from '../runtime/process-setup.js';
import type { BlobStorage } from '../storage/blob-storage.js';

/** One service per module: what the routes call and the job handlers run. */
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
  /** The optional AI model: Settings' status and per-type switch. */
  aiModel: AiModelService;
  /** Extracting a document, the one way; its Quick Setup suggestion is called by a route. */
  extraction: DocumentExtraction;
}

export interface ComposeServicesOptions {
  config: Config;
  db: Database;
  /** Where uploaded file contents live (`${DATA_DIR}/files` by default). */
  storage: BlobStorage;
  /** The process's metrics: readings, engine stops and the queue are measured into them. */
  metrics: Metrics;
  log: FastifyBaseLogger;
  /** Key that signs access tokens (kept in DATA_DIR by the entry points, or TOKEN_SIGNING_KEY). */
  tokenSigningKey: Uint8Array;
}

/** Everything a process runs on, API and worker alike; built once per process. */
export interface ComposedServices {
  services: Services;
  /** The job queue the services enqueue into, with every module's job handlers registered. */
  jobs: AppJobs;
  /** The document engine's threads, shared by every service. */
  engine: Engine;
  /** Signs and checks access tokens (the API's auth plugin checks them). */
  accessTokens: AccessTokens;
  /** The optional AI model endpoint's reachability, for /ready. */
  modelReachability: ModelReachability;
  /** Stops the engine's threads and the OCR workers, which otherwise keep the process alive. */
  close(): Promise<void>;
}

/**
 * The composition root: builds every repository and service once, wires the modules to each other
 * through their services, and registers the job handlers. The API (app.ts) and the worker
 * (worker.ts) both start from it; only the API adds HTTP routes on top.
 */
export function composeServices({
  config,
  db,
  storage,
  metrics,
  log,
  tokenSigningKey,
}: ComposeServicesOptions): ComposedServices {
  const jobs = createAppJobs(db);
  metrics.watchQueue(() => jobs.repository.queueSnapshot());
  // The document engine runs in threads that can be stopped (time and memory limits), so no
  // document holds up the event loop; one thread per job slot, interactive one included.
  const engine = new EnginePool({
    size: config.ENGINE_THREADS ?? workerConcurrencyOf(config) + 1,
    timeoutMs: config.ENGINE_TIMEOUT_SECONDS * 1000,
    maxHeapMb: config.ENGINE_MAX_MEMORY_MB,
    onStop: (task, reason) => {
      metrics.observeEngineStop(task, reason);
      log.warn({ task, reason }, 'an engine thread was ended by its limits');
    },
  });

  const accessTokens = new AccessTokens(tokenSigningKey, config.ACCESS_TOKEN_TTL_SECONDS);
  const auth = new AuthService({
    db,
    users: new AuthRepository(db),
    accessTokens,
    refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
  });
  const apiKeys = new ApiKeysService(new ApiKeysRepository(db));
  const tenants = new TenantsService({ db, tenants: new TenantsRepository(db), auth, apiKeys });
  const companySettings = new CompanySettingsService(db);

  const files = new FilesService({
    engine,
    files: new FilesRepository(db),
    storage,
    log,
    jobs,
    observeReading: (document, seconds) => metrics.observeReading(document, seconds),
  });
  // Engine work a request waits for runs on the worker, in the interactive lane.
  registerFileJobHandlers(jobs.registry, files);
  const rag = new RagService({ rag: new RagRepository(db), storage, log, jobs, engine });
  registerRagJobHandlers(jobs.registry, rag);

  const pipelineRows = new PipelinesRepository(db);
  const pipelinesRemoval = new PipelinesRemoval(db);
  // Every step change of a pipeline, with its history entry, goes through its state machine.
  const pipelineState = new PipelineStateMachine({ pipelines: pipelineRows, queue: jobs.queue });
  // The optional AI model (LLM_BASE_URL + LLM_MODEL); without it the offline engine works alone.
  const aiModel = createAiModel({ config, db, storage, engine, log });
  const docTypeRows = new DocTypesRepository(db);
  // Document types as document processing runs them, for every module that processes documents.
  const docTypeLookup = new DocTypeLookup(docTypeRows);
  // Learning from corrections: reviewed documents teach where each vendor prints its values.
  const learning = new LearningService({
    db,
    learning: new LearningRepository(db),
    pipelineState,
    docTypes: docTypeLookup,
    files,
    engine,
  });
  registerLearningJobHandlers(jobs.registry, learning);
  // The one way a document is extracted: the job, extraction run again, the type test, Quick Setup.
  const extraction = new DocumentExtraction({
    files,
    engine,
    learning,
    model: aiModel.extraction,
    suggestionModel: aiModel.suggestion,
  });
  const docTypes = new DocTypesService({
    db,
    docTypes: docTypeRows,
    rag,
    pipelinesRemoval,
    files,
    extraction,
    log,
  });
  const agentRows = new AgentsRepository(db);
  // The pipelines as the agents read them, through the pipelines module.
  const pipelinesForAgents = new PipelinesForAgents(pipelineRows);
  // The checks of a document's current values: run again whenever its values change.
  const checks = new CurrentChecks({
    agents: agentRows,
    pipelines: pipelinesForAgents,
    pipelineState,
    files,
    companySettings,
    engine,
  });
  const agents = new AgentsService({
    db,
    agents: agentRows,
    pipelines: pipelinesForAgents,
    pipelineState,
    docTypes: docTypeLookup,
    files,
    checks,
    engine,
    queue: jobs.queue,
    log,
    model: aiModel.agents,
  });
  registerAgentJobHandlers(jobs.registry, agents);
  registerPipelineJobHandlers(
    jobs.registry,
    new PipelineProcessing({
      db,
      pipelines: pipelineRows,
      state: pipelineState,
      docTypes: docTypeLookup,
      extraction,
      agents,
    }),
  );
  const exports = new ExportsService({
    exports: new ExportsRepository(db),
    docTypes: docTypeLookup,
    files,
  });
  const webhooks = new WebhooksService({
    db,
    webhooks: new WebhooksRepository(db),
    exports,
    queue: jobs.queue,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
  });
  registerWebhookJobHandlers(jobs.registry, webhooks);

  const pipelines = new PipelinesService({
    db,
    pipelines: pipelineRows,
    state: pipelineState,
    docTypes: docTypeLookup,
    files,
    extraction,
    removal: pipelinesRemoval,
    tenants,
    companySettings,
    checks,
  });
  // Automatic export: a delivery is queued in the approval's own transaction.
  pipelines.onApproved((approved, trx) => webhooks.enqueueOnApproval(approved, trx));
  // A submitted review teaches; an approval teaches again (its lesson replaces the submission's).
  pipelines.onSubmitted((reviewed, trx) => enqueueLearnFromReview(jobs.queue, reviewed, trx));
  pipelines.onApproved((approved, trx) => enqueueLearnFromReview(jobs.queue, approved, trx));

  return {
    services: {
      auth,
      tenants,
      companySettings,
      files,
      docTypes,
      rag,
      pipelines,
      uploads: new UploadsService({ db, docTypes: docTypeLookup, files, engine, pipelineState }),
      documents: new DocumentsService(new DocumentsRepository(db)),
      exports,
      webhooks,
      apiKeys,
      agents,
      learning,
      aiModel: aiModel.service,
      extraction,
    },
    jobs,
    engine,
    accessTokens,
    modelReachability: aiModel.reachability,
    async close() {
      await engine.close();
      await terminateOcr();
    },
  };
}
