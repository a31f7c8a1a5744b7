/** The optional AI model at an OpenAI-compatible endpoint, wired once for the app. */
import type { FastifyBaseLogger } from 'fastify';

import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Engine } from '../../engine/engine.js';
import type { BlobStorage } from '../../storage/blob-storage.js';

import { AiModelService } from './ai-model.service.js';
import { aiModelSettingsFrom } from './ai-model-settings.js';
import { ModelAgents } from './model-agents.js';
import { ModelCallsRepository } from './model-calls.repository.js';
import { ModelClient } from './model-client.js';
import { ModelExtractionStep } from './model-extraction.step.js';
import { ModelReachability } from './model-reachability.js';
import { ModelSuggestionStep } from './model-suggestion.step.js';
import { PageImages } from './page-images.js';

export interface AiModel {
  service: AiModelService;
  reachability: ModelReachability;
  /**
   * The model's pass in the pipeline and the wizard's Test step; undefined when no model is
   * configured (offline engine alone).
   */
  extraction: ModelExtractionStep | undefined;
  /** The agents' model pass; undefined when no model is configured. */
  agents: ModelAgents | undefined;
  /** Quick Setup's model pass; undefined when no model is configured. */
  suggestion: ModelSuggestionStep | undefined;
}

export function createAiModel(deps: {
  config: Config;
  db: Database;
  storage: BlobStorage;
  engine: Engine;
  log: FastifyBaseLogger;
}): AiModel {
  const settings = aiModelSettingsFrom(deps.config);
  const calls = new ModelCallsRepository(deps.db);
  // One client per process, so LLM_MAX_CONCURRENCY holds across extraction and suggestions.
  const client = settings ? new ModelClient(settings) : undefined;
  return {
    service: new AiModelService(settings, calls),
    reachability: new ModelReachability(settings),
    agents: client ? new ModelAgents({ client, calls, log: deps.log }) : undefined,
    suggestion: client ? new ModelSuggestionStep({ client, calls, log: deps.log }) : undefined,
    extraction: client
      ? new ModelExtractionStep({
          client,
          calls,
          pageImages: new PageImages(deps.db, deps.storage, deps.engine),
          log: deps.log,
        })
      : undefined,
  };
}

export { aiModelRoutes } from './ai-model.routes.js';
export type { AiModelService } from './ai-model.service.js';
