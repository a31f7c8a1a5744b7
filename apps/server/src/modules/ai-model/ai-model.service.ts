import type { ModelDocTypeBody, ModelStatus } from '@parser/contracts';

import { notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import { assertAdmin, type TenantAuth } from '../../plugins/auth.js';

import { type AiModelSettings, publicEndpoint } from './ai-model-settings.js';
import type { ModelCallsRepository } from './model-calls.repository.js';

/** What Settings shows of the optional AI model, and each type's switch. */
export class AiModelService {
  constructor(
    private readonly settings: AiModelSettings | undefined,
    private readonly calls: ModelCallsRepository,
  ) {}

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
