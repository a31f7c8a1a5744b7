import {
  type ExtractionResult,
  type ReviewedData,
  type SaveReviewBody,
  SaveReviewBodySchema,
} from '@parser/contracts';

import type { Database } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import type { TenantAuth } from '../../plugins/auth.js';

import {
  type PipelineChecks,
  type PipelineDocTypes,
  type PipelineHook,
  reviewSchemaOf,
} from './pipeline-ports.js';
import type { PipelinesRepository } from './pipelines.repository.js';
import { requireDocTypeOf, requireStep, requireVersion, staleVersion } from './review-guards.js';
import {
  diffReviewedData,
  normaliseReviewedData,
  reviewedDataFromExtraction,
  type ValueEdit,
} from './review-values.js';
import {
  personOf,
  type PipelineActor,
  type RecordedEvent,
} from './state-machine/pipeline-history.js';
import type { PipelineStateMachine } from './state-machine/pipeline-state-machine.js';
import { followUpChanges, placeOfEdit } from './values-follow-up.js';

/** Field edits recorded one by one per save; beyond that, one entry says how many more. */
const EDITS_PER_SAVE = 200;

export interface ReviewSavingDeps {
  db: Database;
  pipelines: PipelinesRepository;
  state: PipelineStateMachine;
  docTypes: PipelineDocTypes;
  /** Keeps derived values and checks true to the values whenever a person changes them. */
  checks: PipelineChecks;
}

type ParsedSaveReview = ReturnType<typeof SaveReviewBodySchema.parse>;

/** A reviewer's save: the values checked against the type, and 'submit' moving on to approval. */
export class ReviewSaving {
  private readonly submitHooks: PipelineHook[] = [];

  constructor(private readonly deps: ReviewSavingDeps) {}

  /** Adds work that must happen, in the same transaction, whenever a review is submitted. */
  onSubmitted(hook: PipelineHook): void {
    this.submitHooks.push(hook);
  }

  /** Saves the reviewer's values; 'submit' also moves the document on to approval. */
  async save(auth: TenantAuth, pipelineId: string, input: SaveReviewBody): Promise<void> {
    const id = assertId(pipelineId, 'Pipeline');
    const body = SaveReviewBodySchema.parse(input);
    // Without a version (the spec's payload) the save applies to the stored one: when another
    // change lands between reading and storing, it is worked out once more on that one.
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await this.saveOnce(auth, id, body)) return;
    }
    throw staleVersion();
  }

  /** One attempt at a save; false when the document changed after it was read (no version sent). */
  private async saveOnce(auth: TenantAuth, id: string, body: ParsedSaveReview): Promise<boolean> {
    const current = await this.deps.pipelines.findDetailed(auth.tenantId, id);
    if (!current) throw notFound('Pipeline');
    requireStep(current, 'human_review', 'reviewed');
    if (body.version !== undefined) requireVersion(current, body.version);
    const docType = await requireDocTypeOf(this.deps.docTypes, auth.tenantId, current.docTypeId);
    const schema = reviewSchemaOf(docType);
    const review = normaliseReviewedData(schema, body.reviewed_data);
    if (review.errors.length > 0) {
      throw new AppError('VALIDATION_FAILED', { message: review.errors.join('\n') });
    }
    const submit = body.action === 'submit';
    if (submit && review.missingRequired.length > 0) {
      throw new AppError('VALIDATION_FAILED', {
        message: `Fill in the required fields before submitting: ${review.missingRequired.join(', ')}`,
      });
    }
    const extracted = current.extractedData as ExtractionResult | null;
    const before =
      (current.reviewedData as ReviewedData | null) ??
      reviewedDataFromExtraction(schema, extracted);
    const edits = diffReviewedData(before, review.data);
    // Values derived from the edited ones follow them, and the checks run again on the values
    // saved. Worked out before the transaction: it holds the row (on PGlite, the connection).
    const followUp = extracted
      ? await this.deps.checks.followUp({
          tenantId: auth.tenantId,
          pipelineId: id,
          fileId: current.fileId,
          docType,
          extracted,
          reviewed: review.data,
          agentReport: current.agentReport,
          changed: edits.map(placeOfEdit),
          by: 'review_saved',
        })
      : undefined;
    return this.deps.db.transaction().execute(async (trx) => {
      const row = await this.deps.pipelines.findForUpdate(auth.tenantId, id, trx);
      if (!row) throw notFound('Pipeline');
      requireStep(row, 'human_review', 'reviewed');
      if (row.version !== current.version) {
        if (body.version === undefined) return false;
        throw staleVersion();
      }
      const actor = personOf(auth);
      const ref = { tenantId: auth.tenantId, pipelineId: id };
      const changes = {
        reviewedData: followUp?.reviewed ?? review.data,
        ...(followUp ? followUpChanges(followUp) : {}),
        reviewNotes: body.review_notes,
      };
      const events: RecordedEvent[] = [
        ...editEvents(edits, actor),
        ...(followUp?.events ?? []),
        {
          kind: submit ? 'review_submitted' : 'review_saved',
          data: { notes: body.review_notes },
          actor,
        },
      ];
      const version = submit
        ? await this.deps.state.move(
            ref,
            { name: 'submit' },
            { actor, version: row.version, changes, before: events },
            trx,
          )
        : await this.deps.state.change(
            ref,
            { step: 'human_review', version: row.version },
            changes,
            events,
            trx,
          );
      if (version === undefined) throw staleVersion();
      if (submit) {
        for (const hook of this.submitHooks) {
          await hook({ tenantId: auth.tenantId, pipelineId: id, docTypeId: row.docTypeId }, trx);
        }
      }
      return true;
    });
  }
}

/** A save's edits for the history: one entry each, up to a limit, then how many more. */
function editEvents(edits: readonly ValueEdit[], actor: PipelineActor): RecordedEvent[] {
  const events: RecordedEvent[] = edits
    .slice(0, EDITS_PER_SAVE)
    .map((edit) => ({ kind: 'field_edited', data: { ...edit }, actor }));
  if (edits.length > EDITS_PER_SAVE) {
    events.push({
      kind: 'field_edited',
      data: { more_edits: edits.length - EDITS_PER_SAVE },
      actor,
    });
  }
  return events;
}
