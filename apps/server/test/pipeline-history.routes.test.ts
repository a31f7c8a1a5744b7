import type { HistoryEntry } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { jsonb } from '../src/db/json.js';

import {
  approve,
  company,
  createInvoiceType,
  getReview,
  submitReview,
  uploadInvoice,
} from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile(RELAXED_SIGN_IN_LIMITS);

/** The history without field edits, as kind and steps: the moves a document made. */
const moves = (history: HistoryEntry[]) =>
  history
    .filter((entry) => entry.kind !== 'field_edited')
    .map((entry) =>
      entry.kind === 'step_changed'
        ? `${String(entry.data.from)} → ${String(entry.data.to)}`
        : entry.kind,
    );

describe('GET /api/pipelines/:id/review history', () => {
  it('records every move of a document once, in order, with who made it', async () => {
    const admin = await company(t.app, 'History Ltd');
    const typeId = await createInvoiceType(t.app, admin.headers);
    const { pipelineId } = await uploadInvoice(t.app, admin.headers, typeId);
    await t.drainJobs();
    await submitReview(t.app, admin.headers, pipelineId);
    expect((await approve(t.app, admin.headers, pipelineId)).statusCode).toBe(200);

    const record = await getReview(t.app, admin.headers, pipelineId);
    expect(record.current_step).toBe('completed');
    expect(moves(record.history)).toEqual([
      'created',
      'extraction → human_review',
      'review_submitted',
      'human_review → approval',
      'approved',
      'approval → completed',
    ]);
    const actors = record.history
      .filter((entry) => entry.kind === 'step_changed')
      .map((entry) => entry.actor);
    expect(actors).toEqual(['System', admin.email, admin.email]);
  });

  it('answers an entry of a kind it does not know as unknown, never as a step change', async () => {
    const admin = await company(t.app, 'Newer Version Ltd');
    const typeId = await createInvoiceType(t.app, admin.headers);
    const { pipelineId } = await uploadInvoice(t.app, admin.headers, typeId);
    await t.drainJobs();
    await t.db
      .insertInto('pipelineEvents')
      .values({
        tenantId: admin.tenantId,
        pipelineId,
        kind: 'archived',
        actorLabel: 'System',
        data: jsonb({ from: 'human_review', to: 'completed' }),
      })
      .execute();

    const record = await getReview(t.app, admin.headers, pipelineId);
    expect(record.current_step).toBe('human_review');
    expect(record.history.at(-1)).toMatchObject({
      kind: 'unknown',
      actor: 'System',
      data: { stored_kind: 'archived', stored_data: { from: 'human_review', to: 'completed' } },
    });
    expect(moves(record.history)).toEqual(['created', 'extraction → human_review', 'unknown']);
  });
});
