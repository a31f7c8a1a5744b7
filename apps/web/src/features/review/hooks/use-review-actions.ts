import { notifications } from '@mantine/notifications';
import type { ApprovalBody, ReviewRecord, SaveReviewBody } from '@parser/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { ApiError, getErrorMessage } from '@/lib/api-client';

import type { ApprovalDecision } from '../components/approval-card';
import { buildReviewedData, inputId } from '../utils/review-values';
import type { ReviewDraft } from './use-review-draft';
import type { ReviewForm } from './use-review-form';

/** What the screen says when a save or decision meets a newer version. */
const CONFLICT_MESSAGE =
  'Someone else changed this document while you were reviewing it. Reload to see their changes.';
const MOVED_ON_MESSAGE = 'This document is no longer at this step. Reload to see where it is now.';

/** Whether a decision moves on to the next document of the queue instead of the dashboard. */
export interface DecideOptions {
  next: boolean;
}

/** A save or decision refused because the document changed meanwhile; Reload is the way on. */
export interface WriteProblem {
  message: string;
  detail?: string;
}

/** The action running now, whose button shows a spinner; while one runs, no other starts. */
export type ReviewBusy = 'submit' | 'save' | 'decide' | 're-extract' | 'retry' | 'reload' | null;

/** What the screen's owner does for each action: the server calls and where to go next. */
export interface ReviewCallbacks {
  /** Saves or submits the review; answers the updated record. */
  onSave: (body: SaveReviewBody) => Promise<ReviewRecord>;
  /** Sends the approval decision, then leaves the screen (for the next document when `next`). */
  onDecide: (body: ApprovalBody, options: DecideOptions) => Promise<void>;
  /** Loads the record again (after a conflict). */
  onReload: () => Promise<ReviewRecord | undefined>;
  onReExtract: () => Promise<ReviewRecord>;
  onRetry: () => Promise<ReviewRecord>;
  /** After 'Submit & next': opens the next document of the queue, or its list when none is left. */
  onNext: () => Promise<void>;
}

interface ReviewActionsOptions extends ReviewCallbacks {
  record: ReviewRecord;
  form: ReviewForm;
  draft: ReviewDraft;
  /** Lets the navigation after a save through the unsaved-changes guard. */
  allowNextNavigation: () => void;
  /** The approval card's choice. */
  decision: ApprovalDecision;
  /** Whether some checks of the values fail: an approval then waits for `onConfirmFailedChecks`. */
  hasFailedChecks: boolean;
  /** Asks the approver to confirm approving values whose checks fail. */
  onConfirmFailedChecks: (options: DecideOptions) => void;
}

/**
 * The review screen's writes (save or submit, decide, re-extract, retry, reload), each a mutation:
 * which one is running is read from them, and their refusals become notifications or a problem
 * to reload from.
 */
export function useReviewActions({
  record,
  form,
  draft,
  allowNextNavigation,
  decision,
  hasFailedChecks,
  onConfirmFailedChecks,
  ...callbacks
}: ReviewActionsOptions) {
  const [problem, setProblem] = useState<WriteProblem | null>(null);
  const saving = useMutation({ mutationFn: (body: SaveReviewBody) => callbacks.onSave(body) });
  const deciding = useMutation({
    mutationFn: ({ body, options }: { body: ApprovalBody; options: DecideOptions }) =>
      callbacks.onDecide(body, options),
  });
  const reExtracting = useMutation({ mutationFn: () => callbacks.onReExtract() });
  const retrying = useMutation({ mutationFn: () => callbacks.onRetry() });
  const reloading = useMutation({ mutationFn: () => callbacks.onReload() });

  const busy: ReviewBusy = saving.isPending
    ? (saving.variables.action ?? 'submit')
    : deciding.isPending
      ? 'decide'
      : reExtracting.isPending
        ? 're-extract'
        : retrying.isPending
          ? 'retry'
          : reloading.isPending
            ? 'reload'
            : null;

  const showWriteError = (error: unknown, fallback: string) => {
    if (error instanceof ApiError && error.code === 'SELF_APPROVAL') {
      notifications.show({ color: 'red', message: getErrorMessage(error) });
    } else if (error instanceof ApiError && error.code === 'CONFLICT') {
      setProblem({ message: CONFLICT_MESSAGE });
    } else if (error instanceof ApiError && error.code === 'INVALID_STATE') {
      setProblem({ message: MOVED_ON_MESSAGE, detail: getErrorMessage(error) });
    } else {
      notifications.show({ color: 'red', message: getErrorMessage(error, fallback) });
    }
  };

  const saveReview = async (
    action: 'submit' | 'save',
    { next }: DecideOptions = { next: false },
  ) => {
    if (busy) return;
    const built = buildReviewedData(record.schema, form.values);
    if (!built.ok) {
      document.getElementById(inputId(built.problems[0]!.ref))?.focus();
      notifications.show({
        color: 'red',
        message: `${built.problems.length} value(s) do not fit their type. Correct them first.`,
      });
      return;
    }
    setProblem(null);
    try {
      const saved = await saving.mutateAsync({
        reviewed_data: built.data,
        review_notes: form.notes,
        version: form.version,
        action,
      });
      form.reset(saved);
      draft.clear();
      notifications.show({
        color: 'green',
        message: action === 'submit' ? 'Review submitted' : 'Review saved',
      });
    } catch (error) {
      showWriteError(error, 'Failed to save the review');
      return;
    }
    if (next) {
      // Saved: the page is clean even though it has not re-rendered yet.
      allowNextNavigation();
      await callbacks.onNext();
    }
  };

  const decide = async ({ next }: DecideOptions, confirmed?: { note: string }) => {
    if (busy) return;
    // Approve & next approves whatever action the card shows.
    const action = next ? 'approve' : decision.action;
    // Values whose checks fail are approved only knowingly (the server refuses it otherwise).
    if (action === 'approve' && hasFailedChecks && !confirmed) {
      onConfirmFailedChecks({ next });
      return;
    }
    setProblem(null);
    try {
      await deciding.mutateAsync({
        body: {
          action,
          notes: confirmed ? confirmed.note : decision.notes,
          // Sent on every approval, so the server refuses values whose checks fail unless confirmed.
          ...(action === 'approve' ? { confirm_failed_checks: confirmed !== undefined } : {}),
          assign_to_user_id:
            action === 'send_for_approval' ? (decision.assigneeId ?? undefined) : undefined,
          version: record.version,
        },
        options: { next },
      });
    } catch (error) {
      showWriteError(error, 'Failed to record the decision');
    }
  };

  const reload = async () => {
    const next = await reloading.mutateAsync();
    if (next) form.reset(next);
    setProblem(null);
  };

  const reExtract = async () => {
    if (busy) return;
    const before = record.version;
    try {
      const next = await reExtracting.mutateAsync();
      console.log('Extraction result:', next.extracted_data);
      // Reviewed values are untouched by a re-extraction, so edits in progress stay valid.
      if (form.dirty && next.version === before + 1) form.adoptVersion(before, next.version);
      notifications.show({
        color: 'green',
        message: 'Extraction completed! Check console for results.',
      });
    } catch (error) {
      console.error('Extraction failed:', error);
      notifications.show({
        color: 'red',
        message: 'Extraction failed. Check console for details.',
      });
    }
  };

  const retry = async () => {
    if (busy) return;
    try {
      await retrying.mutateAsync();
      notifications.show({ color: 'green', message: 'The document is being processed again' });
    } catch (error) {
      notifications.show({ color: 'red', message: getErrorMessage(error, 'Retry failed') });
    }
  };

  return { busy, problem, saveReview, decide, reload, reExtract, retry };
}
