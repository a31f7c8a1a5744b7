import type {
  ExtractionResult,
  ForgetLearnedVendorsResult,
  LearnedVendor,
} from '@parser/contracts';
import {
  hintExamples,
  type HintSchema,
  hintsFrom,
  identifyVendor,
  type Lesson,
  type ReadDocument,
  type ReviewedValues,
  type VendorHints,
  vendorFieldKey,
  vendorFingerprint,
} from '@parser/extraction';

import type { Database, DbExecutor } from '../../db/client.js';
import type { Engine } from '../../engine/engine.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import { assertAdmin, type TenantAuth } from '../../plugins/auth.js';
import type { PipelineDocTypes, PipelineFiles } from '../pipelines/pipeline-ports.js';
import type { PipelineStateMachine } from '../pipelines/state-machine/pipeline-state-machine.js';

import type { LearningRepository } from './learning.repository.js';

export interface LearningDeps {
  db: Database;
  learning: LearningRepository;
  /** The reviewed document a lesson is learned from. */
  pipelineState: Pick<PipelineStateMachine, 'current'>;
  docTypes: PipelineDocTypes;
  files: Pick<PipelineFiles, 'read'>;
  engine: Engine;
}

/** A vendor keeps at most this many identifying keys (names, ids, accounts it was seen with). */
const KEYS_KEPT = 20;

const iso = (value: Date | string) => new Date(value).toISOString();

const hintCount = (hints: VendorHints) =>
  Object.values(hints.fields).filter((readings) => readings.length > 0).length +
  Object.values(hints.columns).filter((readings) => readings.length > 0).length;

/**
 * Learning from corrections: each submitted or approved review teaches where its vendor prints
 * each value; the next document of that vendor (same company, same type) is read with it first.
 */
export class LearningService {
  constructor(private readonly deps: LearningDeps) {}

  /**
   * Records what a reviewed document teaches about its vendor. Idempotent: teaching again from the
   * same document replaces its lesson. A document whose vendor cannot be told, or whose values the
   * page does not show, teaches nothing.
   */
  async learnFromReview(pipelineId: string): Promise<void> {
    const pipeline = await this.deps.pipelineState.current(pipelineId);
    const reviewed = pipeline?.reviewedData as ReviewedValues | null | undefined;
    if (!pipeline || !reviewed) return;
    const docType = await this.deps.docTypes.findForPipeline(pipeline.tenantId, pipeline.docTypeId);
    if (!docType) return;
    let document: ReadDocument;
    try {
      document = await this.deps.files.read(pipeline.tenantId, pipeline.fileId);
    } catch (error) {
      // the file is gone or unreadable: there is nothing to learn from, and retrying will not help
      if (error instanceof AppError) return;
      throw error;
    }
    const vendorKey = vendorFieldKey(docType.fields);
    const vendorName = vendorKey ? reviewed.fields[vendorKey] : null;
    const fingerprint = vendorFingerprint(
      document,
      typeof vendorName === 'string' && vendorName.trim() ? vendorName : null,
    );
    const lesson = await this.deps.engine.run('lessonFrom', [document, docType, reviewed]);
    if (!fingerprint.keys.length || (!lesson.fields.length && !lesson.columns.length)) return;
    const { tenantId, docTypeId } = pipeline;
    await this.deps.db.transaction().execute(async (trx) => {
      const known = await this.deps.learning.vendorsOfType(tenantId, docTypeId, trx);
      const before = await this.deps.learning.vendorOfLesson(tenantId, pipelineId, trx);
      let vendorId = identifyVendor(fingerprint, known);
      if (!vendorId) {
        vendorId = (
          await this.deps.learning.insertVendor(
            {
              tenantId,
              docTypeId,
              name: fingerprint.name ?? 'Unnamed vendor',
              keys: fingerprint.keys,
            },
            trx,
          )
        ).id;
      }
      await this.deps.learning.upsertLesson({ tenantId, pipelineId, vendorId, lesson }, trx);
      const vendor = known.find((v) => v.id === vendorId);
      const keys = [...new Set([...fingerprint.keys, ...(vendor?.keys ?? [])])].slice(0, KEYS_KEPT);
      await this.refresh(tenantId, vendorId, vendor?.name ?? fingerprint.name, keys, trx);
      // the document taught another vendor before (its vendor was corrected): that one relearns
      const previous = before && before !== vendorId ? known.find((v) => v.id === before) : null;
      if (previous) await this.refresh(tenantId, previous.id, previous.name, previous.keys, trx);
    });
  }

  /** Adds a vendor's lessons up again; a vendor left with none is forgotten. */
  private async refresh(
    tenantId: string,
    vendorId: string,
    name: string | null,
    keys: string[],
    trx: DbExecutor,
  ): Promise<void> {
    const { lessons, count } = await this.deps.learning.lessonsOf(tenantId, vendorId, trx);
    if (count === 0) {
      await this.deps.learning.deleteVendor(tenantId, vendorId, trx);
      return;
    }
    await this.deps.learning.updateVendor(
      tenantId,
      vendorId,
      {
        name: name ?? 'Unnamed vendor',
        keys,
        hints: hintsFrom(lessons as Lesson[]),
        documentsTaught: count,
      },
      trx,
    );
  }

  /**
   * The engine's result for a document with its vendor's hints applied, when the company has
   * learned the vendor for this type; otherwise the result as it was.
   */
  async applyLearned(
    tenantId: string,
    docTypeId: string,
    document: ReadDocument,
    schema: HintSchema,
    extracted: ExtractionResult,
  ): Promise<ExtractionResult> {
    const vendor = await this.vendorOf(tenantId, docTypeId, document, schema, extracted);
    if (!vendor) return extracted;
    await this.deps.learning.touchUsed(tenantId, vendor.id);
    return this.deps.engine.run('applyHints', [
      document,
      schema,
      extracted,
      vendor.hints as VendorHints,
    ]);
  }

  /**
   * What reviewers taught about this document's vendor as plain sentences, for a language model's
   * prompt when one is configured; empty when the vendor is not learned.
   */
  async promptExamples(
    tenantId: string,
    docTypeId: string,
    document: ReadDocument,
    schema: HintSchema,
    extracted: ExtractionResult,
  ): Promise<string[]> {
    const vendor = await this.vendorOf(tenantId, docTypeId, document, schema, extracted);
    return vendor ? hintExamples(vendor.hints as VendorHints) : [];
  }

  /** The learned vendor (of this company and type) the document comes from, if any. */
  private async vendorOf(
    tenantId: string,
    docTypeId: string,
    document: ReadDocument,
    schema: HintSchema,
    extracted: ExtractionResult,
  ) {
    const known = await this.deps.learning.vendorsOfType(tenantId, docTypeId);
    if (!known.length) return undefined;
    const vendorKey = vendorFieldKey(schema.fields);
    const read = vendorKey ? extracted.fields[vendorKey]?.value : null;
    const vendorId = identifyVendor(
      vendorFingerprint(document, typeof read === 'string' ? read : null),
      known,
    );
    return known.find((v) => v.id === vendorId);
  }

  async list(auth: TenantAuth): Promise<LearnedVendor[]> {
    assertAdmin(auth);
    const rows = await this.deps.learning.list(auth.tenantId);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      doc_type: { id: row.docTypeId, name: row.docTypeName },
      documents_taught: row.documentsTaught,
      fields_learned: hintCount(row.hints as VendorHints),
      last_taught_at: iso(row.lastTaughtAt),
      last_used_at: row.lastUsedAt ? iso(row.lastUsedAt) : null,
    }));
  }

  /** Forgets one vendor: its next document is read by the general rules alone. */
  async forget(auth: TenantAuth, vendorId: string): Promise<void> {
    assertAdmin(auth);
    const id = assertId(vendorId, 'Learned vendor');
    if (!(await this.deps.learning.deleteVendor(auth.tenantId, id)))
      throw notFound('Learned vendor');
  }

  async forgetAll(auth: TenantAuth): Promise<ForgetLearnedVendorsResult> {
    assertAdmin(auth);
    return { forgotten: await this.deps.learning.deleteAll(auth.tenantId) };
  }
}
