import { sql } from 'kysely';

import type { Database, DbExecutor } from '../../db/client.js';
import { jsonb } from '../../db/json.js';

/** Lessons a vendor's hints are added up from: the most recent ones are enough. */
export const LESSONS_KEPT = 50;

/** Learned vendors and their lessons. Every query is scoped by the tenant id it is given. */
export class LearningRepository {
  constructor(private readonly db: Database) {}

  /** The vendors learned for a document type, to recognise a document's vendor among them. */
  vendorsOfType(tenantId: string, docTypeId: string, trx: DbExecutor = this.db) {
    return trx
      .selectFrom('learnedVendors')
      .select(['id', 'name', 'keys', 'hints'])
      .where('tenantId', '=', tenantId)
      .where('docTypeId', '=', docTypeId)
      .execute();
  }

  /** The company's learned vendors with their document type's name, most recently taught first. */
  list(tenantId: string, trx: DbExecutor = this.db) {
    return trx
      .selectFrom('learnedVendors as v')
      .innerJoin('docTypes as d', (join) =>
        join.onRef('d.id', '=', 'v.docTypeId').onRef('d.tenantId', '=', 'v.tenantId'),
      )
      .select([
        'v.id',
        'v.name',
        'v.hints',
        'v.documentsTaught',
        'v.lastTaughtAt',
        'v.lastUsedAt',
        'v.docTypeId',
        'd.name as docTypeName',
      ])
      .where('v.tenantId', '=', tenantId)
      .orderBy('v.lastTaughtAt', 'desc')
      .orderBy('v.id', 'desc')
      .limit(1000)
      .execute();
  }

  insertVendor(
    vendor: { tenantId: string; docTypeId: string; name: string; keys: string[] },
    trx: DbExecutor = this.db,
  ) {
    return trx
      .insertInto('learnedVendors')
      .values({ ...vendor, keys: jsonb(vendor.keys), hints: jsonb({ fields: {}, columns: {} }) })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  updateVendor(
    tenantId: string,
    id: string,
    changes: { name: string; keys: string[]; hints: unknown; documentsTaught: number },
    trx: DbExecutor = this.db,
  ) {
    return trx
      .updateTable('learnedVendors')
      .set({
        name: changes.name,
        keys: jsonb(changes.keys),
        hints: jsonb(changes.hints),
        documentsTaught: changes.documentsTaught,
        lastTaughtAt: new Date(),
      })
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  /** The vendor the document's lesson was filed under before, if it taught already. */
  async vendorOfLesson(tenantId: string, pipelineId: string, trx: DbExecutor = this.db) {
    const row = await trx
      .selectFrom('learnedLessons')
      .select('vendorId')
      .where('tenantId', '=', tenantId)
      .where('pipelineId', '=', pipelineId)
      .executeTakeFirst();
    return row?.vendorId;
  }

  /** Files the document's lesson under the vendor, replacing what the document taught before. */
  upsertLesson(
    lesson: { tenantId: string; pipelineId: string; vendorId: string; lesson: unknown },
    trx: DbExecutor = this.db,
  ) {
    return trx
      .insertInto('learnedLessons')
      .values({ ...lesson, lesson: jsonb(lesson.lesson) })
      .onConflict((oc) =>
        oc.columns(['tenantId', 'pipelineId']).doUpdateSet({
          vendorId: lesson.vendorId,
          lesson: jsonb(lesson.lesson),
          taughtAt: sql`now()`,
        }),
      )
      .execute();
  }

  /** A vendor's lessons, oldest first (the last LESSONS_KEPT), and how many it has in all. */
  async lessonsOf(tenantId: string, vendorId: string, trx: DbExecutor = this.db) {
    const rows = await trx
      .selectFrom('learnedLessons')
      .select(['lesson'])
      .where('tenantId', '=', tenantId)
      .where('vendorId', '=', vendorId)
      .orderBy('taughtAt', 'desc')
      .orderBy('pipelineId', 'desc')
      .limit(LESSONS_KEPT)
      .execute();
    const count = await trx
      .selectFrom('learnedLessons')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('tenantId', '=', tenantId)
      .where('vendorId', '=', vendorId)
      .executeTakeFirstOrThrow();
    return { lessons: rows.reverse().map((r) => r.lesson), count: Number(count.count) };
  }

  touchUsed(tenantId: string, id: string, trx: DbExecutor = this.db) {
    return trx
      .updateTable('learnedVendors')
      .set({ lastUsedAt: new Date() })
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  /** Forgets one vendor (its lessons go with it); false when the company has no such vendor. */
  async deleteVendor(tenantId: string, id: string, trx: DbExecutor = this.db) {
    const result = await trx
      .deleteFrom('learnedVendors')
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Forgets every vendor of the company; answers how many. */
  async deleteAll(tenantId: string, trx: DbExecutor = this.db) {
    const result = await trx
      .deleteFrom('learnedVendors')
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
