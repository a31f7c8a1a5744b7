import type { FileExtractionResponse, ModelDocTypeBody, ModelStatus } from '@parser/contracts';
import type { ReadDocument } from '@parser/extraction';

import { notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import { assertAdmin, type TenantAuth } from '../../plugins/auth.js';

import { type AiModelSettings, publicEndpoint } from './ai-model-settings.js';
import type { ModelCallsRepository } from './model-calls.repository.js';
import type { ModelSuggestionStep } from './model-suggestion.step.js';

/** What the model's Quick Setup pass needs of the files module. */
export interface SuggestionFiles {
  awaitReading(tenantId: string, fileId: string): Promise<ReadDocument>;
}

/** What Settings shows of the optional AI model, each type's switch, and Quick Setup's pass. */
export class AiModelService {
  constructor(
    private readonly settings: AiModelSettings | undefined,
    private readonly calls: ModelCallsRepository,
    private readonly suggestion?: { step: ModelSuggestionStep; files: SuggestionFiles },
  ) {}

  /**
   * Quick Setup: the offline suggestion with the model's proposals added, when a model is
   * configured; the offline suggestion as it is otherwise, or when the model fails.
   */
  async improveSuggestion(
    tenantId: string,
    fileId: string,
    offline: FileExtractionResponse,
  ): Promise<FileExtractionResponse> {
    if (!this.suggestion) return offline;
    // Read already for the offline suggestion: this answers from the reading cache.
    const doc = await this.suggestion.files.awaitReading(tenantId, fileId);
    return this.suggestion.step.improve(tenantId, doc, 'example document', offline);
  }

  async status(auth: TenantAuth): Promise<ModelStatus> {
    const [usage, lastError, docTypes] = await Promise.all([
      this.calls.usage(auth.tenantId),
      this.calls.lastError(auth.tenantId),
      this.calls.docTypes(auth.tenantId),
    ]);
    return {
      engine: this.settings ? 'model' : 'offline',
      model: this.settings?.model ?? null,
      vision_model: this.settings?.visionModel ?? null,
      endpoint: this.settings ? publicEndpoint(this.settings.baseUrl) : null,
      usage,
      last_error: lastError
        ? { message: lastError.message, at: new Date(lastError.at).toISOString() }
        : null,
      doc_types: docTypes.map((type) => ({
        id: type.id,
        name: type.name,
        use_model: type.useModel,
      })),
    };
  }

  /** Turns the model on or off for one of the company's types (admins). */
  async setUseModel(
    auth: TenantAuth,
    docTypeId: string,
    body: ModelDocTypeBody,
  ): Promise<ModelStatus> {
    assertAdmin(auth);
    const id = assertId(docTypeId, 'Document type');
    if (!(await this.calls.setUseModel(auth.tenantId, id, body.use_model))) {
      throw notFound('Document type');
    }
    return this.status(auth);
  }
}
