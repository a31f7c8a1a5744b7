import type { BulkDeleteResult } from '@parser/contracts';

import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import type { TenantAuth } from '../../plugins/auth.js';

import type { PipelineFiles } from './pipeline-ports.js';
import type { PipelinesRemoval } from './pipelines-removal.js';

export interface PipelineDeletionDeps {
  db: Database;
  removal: PipelinesRemoval;
  files: Pick<PipelineFiles, 'removeBlobs'>;
}

/** Deleting documents: their pipelines, history, jobs, and the files no other pipeline uses. */
export class PipelineDeletion {
  constructor(private readonly deps: PipelineDeletionDeps) {}

  async delete(auth: TenantAuth, pipelineId: string): Promise<void> {
    await this.deleteMany(auth, [assertId(pipelineId, 'Pipeline')]);
  }

  /** Deletes all the given pipelines or, when one is not the tenant's, none of them. */
  async bulkDelete(auth: TenantAuth, pipelineIds: readonly string[]): Promise<BulkDeleteResult> {
    const ids = [...new Set(pipelineIds.map((id) => assertId(id, 'Pipeline')))];
    const deleted = await this.deleteMany(auth, ids);
    return {
      message: `Successfully deleted ${deleted} document${deleted === 1 ? '' : 's'}`,
      deleted_count: deleted,
    };
  }

  /**
   * Removes pipelines, their history, their jobs and the files no other pipeline uses, in one
   * transaction; the files' bytes go after the commit.
   */
  private async deleteMany(auth: TenantAuth, ids: readonly string[]): Promise<number> {
    const removal = await this.deps.db.transaction().execute(async (trx) => {
      const found = await this.deps.removal.lockByIds(auth.tenantId, ids, trx);
      if (found.length !== ids.length) throw notFound('Pipeline');
      return this.deps.removal.removeByIds(auth.tenantId, ids, trx);
    });
    await this.deps.files.removeBlobs(removal.files.map((file) => file.storageKey));
    return removal.pipelines;
  }
}
