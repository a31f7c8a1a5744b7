import type { Database, DbExecutor } from '../../db/client.js';
import {
  assertRowLimit,
  preparedQuery,
  runPrepared,
  type PreparedQuery,
  type PreparedValue,
} from '../../db/prepared-query.js';
import type { PipelineStepValue } from '../../db/schema.js';
import type { ListPosition } from '../../lib/list-pages.js';

import { NameSearchPlanner, type NameSearchPatterns } from './name-search.js';

/** A row of the documents list: the answer's own key names; the upload time is the cursor's text. */
export interface DocumentPageRow {
  id: string;
  cursorAt: string;
  file_name: string;
  mime_type: string;
  pages: number;
  pipeline_id: string;
  current_step: PipelineStepValue;
}

/** The uploaded documents list: files that went into at least one pipeline. */
export class DocumentsRepository {
  private readonly nameSearch = new NameSearchPlanner();

  constructor(private readonly db: Database) {}

  /**
   * One page, newest first. Runs one of a few fixed statements (type filter, name search,
   * cursor, page size), written once: the list is polled and searched as people type. The
   * limit is in the statement's text so that its plan can be kept (see pipelineListQuery).
   */
  async list(
    tenantId: string,
    filter: { nameContains?: string; docTypeId?: string; after?: ListPosition; limit: number },
    trx: DbExecutor = this.db,
  ): Promise<DocumentPageRow[]> {
    const { nameContains, docTypeId, after, limit } = filter;
    const name =
      nameContains === undefined
        ? undefined
        : await this.nameSearch.patterns(trx, tenantId, nameContains);
    const values: PreparedValue[] = [tenantId];
    if (docTypeId !== undefined) values.push(docTypeId);
    const search = nameSearchShape(name);
    if (name?.indexed != null && search === 'indexed-and-checked') values.push(name.indexed);
    if (name !== undefined) values.push(name.whole);
    if (after !== undefined) values.push(after.createdAt, after.id);
    const query = documentListQuery(docTypeId !== undefined, search, after !== undefined, limit);
    return runPrepared<DocumentPageRow>(trx, query, values);
  }
}

/**
 * How the name condition is written (see name-search.ts): none; the whole text for the index
 * to answer; a looser pattern for the index and the whole text checked on its rows; or the
 * whole text checked on rows read newest first (`|| ''` keeps the index out of it). Names are
 * compared folded to lower case (the stored `name_folded`), the pattern folded the same way.
 */
type NameSearchShape = 'none' | 'whole' | 'indexed-and-checked' | 'checked';

function nameSearchShape(name: NameSearchPatterns | undefined): NameSearchShape {
  if (name === undefined) return 'none';
  if (name.indexed === null) return 'checked';
  return name.indexed === name.whole ? 'whole' : 'indexed-and-checked';
}

const documentListQueries = new Map<string, PreparedQuery>();

function documentListQuery(
  byType: boolean,
  search: NameSearchShape,
  afterPosition: boolean,
  limit: number,
): PreparedQuery {
  const key = `${byType}|${search}|${afterPosition}|${limit}`;
  const known = documentListQueries.get(key);
  if (known) return known;
  assertRowLimit(limit);
  let parameter = 1;
  // Filtered by type, a file shows with its latest pipeline of that type.
  const typeFilter = byType ? `AND p.doc_type_id = $${++parameter}` : '';
  const where = ['f.tenant_id = $1'];
  // The index answers the first condition; the second is checked on the rows it finds.
  if (search === 'whole' || search === 'indexed-and-checked') {
    where.push(`f.name_folded LIKE lower($${++parameter})`);
  }
  if (search === 'checked' || search === 'indexed-and-checked') {
    where.push(`(f.name_folded || '') LIKE lower($${++parameter})`);
  }
  if (afterPosition) {
    where.push(`(f.created_at, f.id) < ($${++parameter}::timestamptz, $${++parameter}::uuid)`);
  }
  // A search the index answers reads its few matching rows first and orders only those; kept
  // apart (MATERIALIZED) so that one plan, kept for every search of this shape, never turns it
  // into a newest-first walk through every file. The other shapes walk newest first.
  const byIndex = search === 'whole' || search === 'indexed-and-checked';
  const files = byIndex
    ? `WITH matches AS MATERIALIZED (SELECT f.* FROM files f WHERE ${where.join(' AND ')})`
    : '';
  const query = preparedQuery(
    'document_list',
    `${files}
     SELECT f.id, f.original_filename AS file_name, f.content_type AS mime_type, f.pages,
            latest.pipeline_id, latest.current_step,
            f.created_at::text AS "cursorAt"
     FROM ${byIndex ? 'matches' : 'files'} f
     CROSS JOIN LATERAL (
       SELECT p.id AS pipeline_id, p.current_step FROM pipelines p
       WHERE p.file_id = f.id ${typeFilter}
       ORDER BY p.created_at DESC
       LIMIT 1
     ) latest
     ${byIndex ? '' : `WHERE ${where.join(' AND ')}`}
     ORDER BY f.created_at DESC, f.id DESC
     LIMIT ${limit}`,
  );
  documentListQueries.set(key, query);
  return query;
}
