import { sql } from 'kysely';

import type { Database, DbExecutor } from '../../db/client.js';
import type { ListPosition } from '../../lib/list-pages.js';

/** The uploaded documents list: files that went into at least one pipeline. */
export class DocumentsRepository {
  constructor(private readonly db: Database) {}

  list(
    tenantId: string,
    filter: { nameContains?: string; docTypeId?: string; after?: ListPosition; limit: number },
    trx: DbExecutor = this.db,
  ) {
    const { nameContains, docTypeId, after, limit } = filter;
    return trx
      .selectFrom('files as f')
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('pipelines as p')
            .select(['p.id as pipelineId', 'p.currentStep'])
            .whereRef('p.fileId', '=', 'f.id')
            // Filtered by type, a file shows with its latest pipeline of that type.
            .$if(docTypeId !== undefined, (query) => query.where('p.docTypeId', '=', docTypeId!))
            .orderBy('p.createdAt', 'desc')
            .limit(1)
            .as('latest'),
        (join) => join.onTrue(),
      )
      .select([
        'f.id',
        'f.originalFilename',
        'f.contentType',
        'f.pages',
        'f.createdAt',
        'latest.pipelineId',
        'latest.currentStep',
        sql<string>`f.created_at::text`.as('cursorAt'),
      ])
      .where('f.tenantId', '=', tenantId)
      .$if(nameContains !== undefined, (query) =>
        query.where(sql<boolean>`f.original_filename ILIKE ${`%${escapeLike(nameContains!)}%`}`),
      )
      .$if(after !== undefined, (query) =>
        query.where(
          sql<boolean>`(f.created_at, f.id) < (${after!.createdAt}::timestamptz, ${after!.id}::uuid)`,
        ),
      )
      .orderBy('f.createdAt', 'desc')
      .orderBy('f.id', 'desc')
      .limit(limit)
      .execute();
  }
}

/** A search for "100%_done" means those characters, not LIKE's wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
