import { sql } from 'kysely';

import type { Database, DbExecutor } from '../../db/client.js';

/** A file row removed with its pipelines; its blob is deleted from storage after the commit. */
export interface RemovedFile {
  id: string;
  storageKey: string;
}

export interface Removal {
  pipelines: number;
  files: RemovedFile[];
}

const CHUNK = 500;

/**
 * Removes pipelines with what only they use: their history (cascade), their jobs (a job already
 * running finds its pipeline gone and does nothing), and their files with the files' readings. Runs inside the caller's transaction; the caller deletes the removed
 * files' bytes once it has committed.
 */
export class PipelinesRemoval {
  constructor(private readonly db: Database) {}

  async countForDocType(
    tenantId: string,
    docTypeId: string,
    trx: DbExecutor = this.db,
  ): Promise<number> {
    const row = await trx
      .selectFrom('pipelines')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('tenantId', '=', tenantId)
      .where('docTypeId', '=', docTypeId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * The tenant's pipelines among `ids`, locked until the transaction ends. Fewer rows than ids
   * means some are unknown or another tenant's.
   */
  lockByIds(tenantId: string, ids: readonly string[], trx: DbExecutor) {
    return trx
      .selectFrom('pipelines')
      .select(['id', 'fileId'])
      .where('tenantId', '=', tenantId)
      .where('id', 'in', ids)
      .forUpdate()
      .execute();
  }

  async removeByIds(tenantId: string, ids: readonly string[], trx: DbExecutor): Promise<Removal> {
    if (ids.length === 0) return { pipelines: 0, files: [] };
    const fileIds = await trx
      .selectFrom('pipelines')
      .select('fileId')
      .distinct()
      .where('tenantId', '=', tenantId)
      .where('id', 'in', ids)
      .execute();
    await trx
      .deleteFrom('jobs')
      .where('tenantId', '=', tenantId)
      .where(sql<string>`payload ->> 'pipelineId'`, 'in', ids)
      .execute();
    const removed = await trx
      .deleteFrom('pipelines')
      .where('tenantId', '=', tenantId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    const files = await this.removeUnusedFiles(
      tenantId,
      fileIds.map((row) => row.fileId),
      trx,
    );
    return { pipelines: Number(removed.numDeletedRows), files };
  }

  async removeForDocType(tenantId: string, docTypeId: string, trx: DbExecutor): Promise<Removal> {
    const ofType = trx
      .selectFrom('pipelines')
      .where('tenantId', '=', tenantId)
      .where('docTypeId', '=', docTypeId);
    const fileIds = (await ofType.select('fileId').distinct().execute()).map((row) => row.fileId);
    await trx
      .deleteFrom('jobs')
      .where('tenantId', '=', tenantId)
      .where(
        sql<string>`payload ->> 'pipelineId'`,
        'in',
        ofType.select(sql<string>`id::text`.as('pipelineId')),
      )
      .execute();
    const removed = await trx
      .deleteFrom('pipelines')
      .where('tenantId', '=', tenantId)
      .where('docTypeId', '=', docTypeId)
      .executeTakeFirst();
    const files = await this.removeUnusedFiles(tenantId, fileIds, trx);
    return { pipelines: Number(removed.numDeletedRows), files };
  }

  /** A file another pipeline still uses stays (the same upload can be processed twice). */
  private async removeUnusedFiles(
    tenantId: string,
    fileIds: readonly string[],
    trx: DbExecutor,
  ): Promise<RemovedFile[]> {
    const files: RemovedFile[] = [];
    for (let start = 0; start < fileIds.length; start += CHUNK) {
      const deleted = await trx
        .deleteFrom('files')
        .where('tenantId', '=', tenantId)
        .where('id', 'in', fileIds.slice(start, start + CHUNK))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('pipelines')
                .select(sql<number>`1`.as('one'))
                .whereRef('pipelines.fileId', '=', 'files.id'),
            ),
          ),
        )
        .returning(['id', 'storageKey'])
        .execute();
      files.push(...deleted);
      // Engine work done for these files: readings and page previews name the file, the upload's
      // check names its stored bytes; none names a pipeline.
      if (deleted.length > 0) {
        await trx
          .deleteFrom('jobs')
          .where('tenantId', '=', tenantId)
          .where((eb) =>
            eb.or([
              eb.and([
                eb('name', 'in', ['file.read', 'file.render-page']),
                eb(
                  sql<string>`payload ->> 'fileId'`,
                  'in',
                  deleted.map((file) => file.id),
                ),
              ]),
              eb.and([
                eb('name', '=', 'file.inspect'),
                eb(
                  sql<string>`payload ->> 'storageKey'`,
                  'in',
                  deleted.map((file) => file.storageKey),
                ),
              ]),
            ]),
          )
          .execute();
      }
    }
    return files;
  }
}
