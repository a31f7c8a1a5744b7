import type { Database, DbExecutor } from '../../db/client.js';
import { jsonb } from '../../db/json.js';
import type { DocumentFormat, FileRow } from '../../db/schema.js';
import type { PackedReading } from '@parser/extraction';

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

  /** The kept reading of a file, if one was made by this reader version: packed, or as it was kept before. */
  async findReading(
    tenantId: string,
    fileId: string,
    readerVersion: string,
    trx: DbExecutor = this.db,
  ): Promise<{ packed: Uint8Array | null; reading: unknown } | undefined> {
    return trx
      .selectFrom('fileReadings')
      .select(['packed', 'reading'])
      .where('tenantId', '=', tenantId)
      .where('fileId', '=', fileId)
      .where('readerVersion', '=', readerVersion)
      .executeTakeFirst();
  }

  /** Keeps (or replaces, for a newer reader version) the packed reading of a file. */
  async saveReading(
    tenantId: string,
    fileId: string,
    readerVersion: string,
    { packed, pageSizes }: PackedReading,
    trx: DbExecutor = this.db,
  ): Promise<void> {
    const kept = { readerVersion, packed, pageSizes: jsonb(pageSizes), reading: null };
    await trx
      .insertInto('fileReadings')
      .values({ fileId, tenantId, ...kept })
      .onConflict((oc) => oc.column('fileId').doUpdateSet({ ...kept, createdAt: new Date() }))
      .execute();
  }
}
