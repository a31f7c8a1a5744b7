import type { Database, DbExecutor } from '../../db/client.js';
import { jsonb } from '../../db/json.js';
import type { DocumentFormat, FileRow } from '../../db/schema.js';

export interface NewFile {
  id: string;
  tenantId: string;
  storageKey: string;
  originalFilename: string;
  contentType: string;
  format: DocumentFormat;
  sizeBytes: number;
  sha256: string;
  pages: number;
  readError: string | null;
  uploadedBy: string;
}

/** Uploaded files and the engine's cached readings of them. Every query is scoped by tenant. */
export class FilesRepository {
  constructor(private readonly db: Database) {}

  insert(file: NewFile, trx: DbExecutor = this.db): Promise<FileRow> {
    return trx.insertInto('files').values(file).returningAll().executeTakeFirstOrThrow();
  }

  findById(tenantId: string, id: string, trx: DbExecutor = this.db): Promise<FileRow | undefined> {
    return trx
      .selectFrom('files')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The tenant's files among `ids`; ids of other tenants are absent. */
  findManyByIds(
    tenantId: string,
    ids: readonly string[],
    trx: DbExecutor = this.db,
  ): Promise<FileRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return trx
      .selectFrom('files')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('id', 'in', ids)
      .execute();
  }

  /** The cached reading of a file, if one was made by this reader version. */
  async findReading(
    tenantId: string,
    fileId: string,
    readerVersion: string,
    trx: DbExecutor = this.db,
  ): Promise<unknown> {
    const row = await trx
      .selectFrom('fileReadings')
      .select('reading')
      .where('tenantId', '=', tenantId)
      .where('fileId', '=', fileId)
      .where('readerVersion', '=', readerVersion)
      .executeTakeFirst();
    return row?.reading;
  }

  /** Stores (or replaces, for a newer reader version) the reading of a file. */
  async saveReading(
    tenantId: string,
    fileId: string,
    readerVersion: string,
    reading: unknown,
    trx: DbExecutor = this.db,
  ): Promise<void> {
    await trx
      .insertInto('fileReadings')
      .values({ fileId, tenantId, readerVersion, reading: jsonb(reading) })
      .onConflict((oc) =>
        oc.column('fileId').doUpdateSet({
          readerVersion,
          reading: jsonb(reading),
          createdAt: new Date(),
        }),
      )
      .execute();
  }
}
