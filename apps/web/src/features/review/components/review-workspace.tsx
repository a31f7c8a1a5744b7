import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Grid,
  Group,
  Kbd,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type {
  ApprovalBody,
  PipelineStep,
  QueuePosition,
  ReviewRecord,
  SaveReviewBody,
  TenantUser,
} from '@parser/contracts';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconKeyboard,
  IconPlayerTrackNext,
  IconRefresh,
  IconSend,
} from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

import { StepBadge } from '@/components/step-badge';
import { ApiError, getErrorMessage } from '@/lib/api-client';

import { useReviewDraft } from '../hooks/use-review-draft';
import { useReviewForm } from '../hooks/use-review-form';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard';
import { useWindowKeydown } from '../hooks/use-window-keydown';
import { isTyping, modKey } from '../utils/review-shortcuts';
import {
  buildReviewedData,
  firstLowConfidence,
  hasReviewData,
  inputId,
} from '../utils/review-values';
import {
  ApprovalCard,
  type ApprovalDecision,
  DECISION_COLORS,
  DECISION_LABELS,
} from './approval-card';
import { DecisionConfirmModal } from './decision-confirm-modal';
import { DocumentInfo } from './document-info';
import { DocumentPreview, type SourceBox } from './document-preview';
import { DraftBanner } from './draft-banner';
import { FailedChecksConfirmModal } from './failed-checks-confirm-modal';
import { EInvoiceProblemNote } from './einvoice-problem-note';
import { HistoryPanel } from './history-panel';
import { AgentReportSummary } from './agent-report-summary';
import { QueueNav } from './queue-nav';
import { ReviewFields } from './review-fields';
import { ReviewTables } from './review-tables';
import { SenderNote } from './sender-note';
import { ShortcutsModal } from './shortcuts-modal';
import { UnsavedChangesModal } from './unsaved-changes-modal';

/** What the screen says when a save or decision meets a newer version. */
export const CONFLICT_MESSAGE =
  'Someone else changed this document while you were reviewing it. Reload to see their changes.';
const MOVED_ON_MESSAGE = 'This document is no longer at this step. Reload to see where it is now.';

const AUTOMATIC_STEPS: readonly PipelineStep[] = ['extraction', 'data_entry', 'reconciliation'];
/** The server runs the engine again only at these steps. */
const RE_EXTRACTABLE_STEPS: readonly PipelineStep[] = ['human_review', 'approval'];

/** What the queue of each step holds, after "3 of 41". */
const QUEUE_LABELS: Partial<Record<PipelineStep, string>> = {
  human_review: 'to review',
  approval: 'to approve',
};

/** Whether a decision moves on to the next document of the queue instead of the dashboard. */
interface DecideOptions {
  next: boolean;
}

type Busy = 'submit' | 'save' | 'decide' | 're-extract' | 'retry' | 'reload' | null;

interface WriteProblem {
  message: string;
  detail?: string;
}

export interface ReviewWorkspaceProps {
  record: ReviewRecord;
  /** The company's users, for 'Assign to User'. */
  users: TenantUser[];
  /** Saves or submits the review; answers the updated record. */
  onSave: (body: SaveReviewBody) => Promise<ReviewRecord>;
  /** Sends the approval decision, then leaves the screen (for the next document when `next`). */
  onDecide: (body: ApprovalBody, options: DecideOptions) => Promise<void>;
  /** The document's place in its queue (same type and step), once known. */
  queue?: QueuePosition;
  /** Opens another document (previous/next in the queue). */
  onOpenDocument: (pipelineId: string) => void;
  /** After 'Submit & next': opens the next document of the queue, or its list when none is left. */
  onNext: () => Promise<void>;
  /** Why this user may not approve: the company forbids approving one's own submission. */
  approveBlockedReason?: string | null;
  /** The company asks for a note when values whose checks fail are approved. */
  noteRequiredForFailedChecks?: boolean;
  /** Loads the record again (after a conflict). */
  onReload: () => Promise<ReviewRecord | undefined>;
  onReExtract: () => Promise<ReviewRecord>;
  onRetry: () => Promise<ReviewRecord>;
}

/** The review screen: the document beside its editable values, notes and the decision. */
export function ReviewWorkspace({
  record,
  users,
  onSave,
  onDecide,
  onReload,
  onReExtract,
  onRetry,
  queue,
  onOpenDocument,
  onNext,
  approveBlockedReason = null,
  noteRequiredForFailedChecks = false,
}: ReviewWorkspaceProps) {
  const form = useReviewForm(record);
  const draft = useReviewDraft(record, form);
  const guard = useUnsavedChangesGuard(form.dirty);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [pendingDecision, setPendingDecision] = useState<DecideOptions | null>(null);
  // An approval of values whose checks fail, waiting for the approver to confirm it.
  const [failedChecksApproval, setFailedChecksApproval] = useState<DecideOptions | null>(null);
  const [highlight, setHighlight] = useState<SourceBox | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [problem, setProblem] = useState<WriteProblem | null>(null);
  const [decision, setDecision] = useState<ApprovalDecision>({
    action: 'approve',
    assigneeId: null,
    notes: '',
  });

  const step = record.current_step;
  const failedChecks =
    record.agent_report?.reconciliation?.checks.filter((check) => check.status === 'fail') ?? [];
  const atReview = step === 'human_review';
  const atApproval = step === 'approval';
  const shortcut = `${modKey()} + Enter`;

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
    setBusy(action);
    setProblem(null);
    try {
      const saved = await onSave({
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
    } finally {
      setBusy(null);
    }
    if (next) {
      // Saved: the page is clean even though it has not re-rendered yet.
      guard.allowNextNavigation();
      await onNext();
    }
  };

  const decide = async ({ next }: DecideOptions, confirmed?: { note: string }) => {
    if (busy) return;
    // Approve & next approves whatever action the card shows.
    const action = next ? 'approve' : decision.action;
    // Values whose checks fail are approved only knowingly (the server refuses it otherwise).
    if (action === 'approve' && failedChecks.length > 0 && !confirmed) {
      setFailedChecksApproval({ next });
      return;
    }
    setBusy('decide');
    setProblem(null);
    try {
      await onDecide(
        {
          action,
          notes: confirmed ? confirmed.note : decision.notes,
          // Sent on every approval, so the server refuses values whose checks fail unless confirmed.
          ...(action === 'approve' ? { confirm_failed_checks: confirmed !== undefined } : {}),
          assign_to_user_id:
            action === 'send_for_approval' ? (decision.assigneeId ?? undefined) : undefined,
          version: record.version,
        },
        { next },
      );
    } catch (error) {
      showWriteError(error, 'Failed to record the decision');
    } finally {
      setBusy(null);
    }
  };

  const reload = async () => {
    setBusy('reload');
    try {
      const next = await onReload();
      if (next) form.reset(next);
      setProblem(null);
    } finally {
      setBusy(null);
    }
  };

  const reExtract = async () => {
    if (busy) return;
    const before = record.version;
    setBusy('re-extract');
    try {
      const next = await onReExtract();
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
    } finally {
      setBusy(null);
    }
  };

  const retry = async () => {
    if (busy) return;
    setBusy('retry');
    try {
      await onRetry();
      notifications.show({ color: 'green', message: 'The document is being processed again' });
    } catch (error) {
      notifications.show({ color: 'red', message: getErrorMessage(error, 'Retry failed') });
    } finally {
      setBusy(null);
    }
  };

  /** The decision waiting for confirmation, described for the dialog. */
  const pendingAction = pendingDecision?.next ? 'approve' : decision.action;
  const confirmation = pendingDecision && {
    label: pendingDecision.next ? 'Approve & next' : DECISION_LABELS[pendingAction],
    color: DECISION_COLORS[pendingAction],
    description: pendingDecision.next
      ? `Approve ${record.original_filename} and open the next document to approve.`
      : `${DECISION_LABELS[pendingAction]}: ${record.original_filename}.`,
  };

  /** Decisions by shortcut are confirmed first; an approval this user may not make is refused. */
  const askToDecide = (options: DecideOptions) => {
    const approving = options.next || decision.action === 'approve';
    if (approveBlockedReason && approving) {
      notifications.show({ color: 'red', message: approveBlockedReason });
      return;
    }
    // The failed checks' dialog is the confirmation: one dialog, not two.
    if (approving && failedChecks.length > 0) setFailedChecksApproval(options);
    else setPendingDecision(options);
  };

  const anyDialogOpen =
    shortcutsOpen ||
    pendingDecision !== null ||
    failedChecksApproval !== null ||
    guard.blocker.state === 'blocked';
  useWindowKeydown((event) => {
    if (anyDialogOpen || event.defaultPrevented) return;
    const mod = event.ctrlKey || event.metaKey;
    if (event.key === 'Enter' && mod) {
      event.preventDefault();
      const next = event.shiftKey;
      if (atReview) void saveReview('submit', { next });
      else if (atApproval) askToDecide({ next });
    } else if (event.key === '?' && !isTyping(event.target)) {
      event.preventDefault();
      setShortcutsOpen(true);
    } else if (event.altKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      const target = event.key === 'ArrowDown' ? queue?.next_id : queue?.previous_id;
      if (!target) return;
      event.preventDefault();
      onOpenDocument(target);
    }
  });

  /** Enter in a value moves to the next one (Tab still works); after the last, to the decision. */
  const moveOnEnter = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target;
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey) return;
    const isValue = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
    if (event.nativeEvent.isComposing || !isValue) return;
    if (!target.hasAttribute('data-review-input')) return;
    event.preventDefault();
    // Text values are text areas (they wrap), the others inputs.
    const inputs = Array.from(
      event.currentTarget.querySelectorAll<HTMLElement>(
        'input[data-review-input], textarea[data-review-input]',
      ),
    );
    const next = inputs[inputs.indexOf(target) + (event.shiftKey ? -1 : 1)];
    if (next) next.focus();
    else if (!event.shiftKey) document.getElementById('review-decision')?.focus();
  };

  // On opening, the cursor waits in the first value the engine was unsure of (else the first one).
  const focusedOnLoad = useRef(false);
  const draftOffered = draft.offered !== null;
  useEffect(() => {
    if (focusedOnLoad.current || !atReview || !hasReviewData(record)) return;
    focusedOnLoad.current = true;
    // Edits kept from an earlier visit are offered first: their banner keeps the focus and the view.
    if (draftOffered) return;
    const low = firstLowConfidence(record, form.values);
    const first = record.schema.fields[0];
    const ref = low ?? (first ? { kind: 'field' as const, key: first.key } : null);
    if (ref) document.getElementById(inputId(ref))?.focus();
  }, [atReview, record, form.values, draftOffered]);

  const lastRejection = [...record.history].reverse().find((entry) => entry.kind === 'rejected');

  return (
    <Box>
      <UnsavedChangesModal blocker={guard.blocker} />
      <ShortcutsModal opened={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      <DecisionConfirmModal
        pending={confirmation}
        onCancel={() => setPendingDecision(null)}
        onConfirm={() => {
          const options = pendingDecision;
          setPendingDecision(null);
          if (options) void decide(options);
        }}
      />
      <FailedChecksConfirmModal
        checks={failedChecksApproval ? failedChecks : null}
        initialNote={decision.notes}
        noteRequired={noteRequiredForFailedChecks}
        onCancel={() => setFailedChecksApproval(null)}
        onConfirm={(note) => {
          const options = failedChecksApproval;
          setFailedChecksApproval(null);
          if (options) void decide(options, { note });
        }}
      />
      <Group justify="space-between" align="flex-start" mb="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Review Document
          </Title>
          <Group gap="sm">
            <Text c="dimmed">{record.original_filename}</Text>
            <StepBadge step={step} />
          </Group>
        </Stack>
        <Group gap="sm">
          {queue && QUEUE_LABELS[step] && (
            <QueueNav queue={queue} label={QUEUE_LABELS[step]} onOpen={onOpenDocument} />
          )}
          <Tooltip label="Keyboard shortcuts (?)">
            <ActionIcon
              variant="default"
              aria-label="Keyboard shortcuts"
              onClick={() => setShortcutsOpen(true)}
            >
              <IconKeyboard size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Box pos={{ base: 'static', md: 'sticky' }} top={86}>
            <DocumentPreview
              fileId={record.file_id}
              fileName={record.original_filename}
              contentType={record.content_type}
              pages={record.pages}
              pageSizes={record.page_sizes}
              highlight={highlight}
              actions={
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconRefresh size={14} />}
                  onClick={() => void reExtract()}
                  loading={busy === 're-extract'}
                  disabled={!RE_EXTRACTABLE_STEPS.includes(step)}
                >
                  Re-extract Data
                </Button>
              }
            />
          </Box>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {problem && (
              <Alert
                color="orange"
                icon={<IconAlertTriangle size={18} />}
                title="The document changed"
                role="alert"
              >
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{problem.message}</Text>
                  {problem.detail && (
                    <Text size="xs" c="dimmed">
                      {problem.detail}
                    </Text>
                  )}
                  <Button
                    size="xs"
                    variant="white"
                    color="orange"
                    onClick={() => void reload()}
                    loading={busy === 'reload'}
                  >
                    Reload
                  </Button>
                </Stack>
              </Alert>
            )}

            {step === 'failed' && (
              <Alert
                color="red"
                icon={<IconAlertCircle size={18} />}
                title="Processing failed"
                role="alert"
              >
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    {record.failure_reason ?? 'The document could not be processed.'}
                  </Text>
                  <Button
                    size="xs"
                    color="red"
                    variant="white"
                    leftSection={<IconRefresh size={14} />}
                    onClick={() => void retry()}
                    loading={busy === 'retry'}
                  >
                    Retry
                  </Button>
                </Stack>
              </Alert>
            )}

            {AUTOMATIC_STEPS.includes(step) && (
              <Alert color="blue" icon={<Loader size={16} />} title="Processing">
                The document is being processed. Its values appear here when it is ready.
              </Alert>
            )}

            {atReview && draft.offered && (
              <DraftBanner
                draft={draft.offered}
                onRestore={draft.restore}
                onDiscard={draft.discard}
              />
            )}

            <SenderNote record={record} />

            <EInvoiceProblemNote record={record} />

            {atReview && record.decision_notes && (
              <Alert
                color="orange"
                variant="filled"
                icon={<IconAlertTriangle size={18} />}
                title={
                  lastRejection ? `Rejected by ${lastRejection.actor}` : 'Returned from approval'
                }
              >
                {record.decision_notes}
              </Alert>
            )}

            <AgentReportSummary record={record} />

            <Stack gap="md" onKeyDown={moveOnEnter}>
              <ReviewFields
                record={record}
                form={form}
                onFocusSource={setHighlight}
                readOnly={!atReview}
              />
              <ReviewTables
                record={record}
                form={form}
                onFocusSource={setHighlight}
                readOnly={!atReview}
              />
            </Stack>

            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Textarea
                  label="Review Notes"
                  rows={3}
                  resize="vertical"
                  value={form.notes}
                  readOnly={!atReview}
                  variant={atReview ? 'default' : 'filled'}
                  onChange={(event) => form.setNotes(event.currentTarget.value)}
                />
                {atReview && (
                  <>
                    <Group justify="flex-end" gap="sm">
                      <Button
                        variant="default"
                        onClick={() => void saveReview('save')}
                        loading={busy === 'save'}
                      >
                        Save Draft
                      </Button>
                      <Button
                        id="review-decision"
                        leftSection={<IconSend size={16} />}
                        onClick={() => void saveReview('submit')}
                        loading={busy === 'submit'}
                      >
                        Submit Review
                      </Button>
                      <Button
                        variant="light"
                        rightSection={<IconPlayerTrackNext size={16} />}
                        onClick={() => void saveReview('submit', { next: true })}
                        disabled={busy !== null}
                      >
                        Submit &amp; next
                      </Button>
                    </Group>
                    <Text size="xs" c="dimmed" ta="right">
                      Press <Kbd size="xs">{shortcut}</Kbd> to submit, <Kbd size="xs">?</Kbd> for
                      all shortcuts
                    </Text>
                  </>
                )}
              </Stack>
            </Paper>

            {atApproval && (
              <>
                <ApprovalCard
                  decision={decision}
                  onChange={setDecision}
                  onSubmit={() => void decide({ next: false })}
                  onApproveAndNext={() => void decide({ next: true })}
                  approveBlockedReason={approveBlockedReason}
                  users={users}
                  submitting={busy === 'decide'}
                  shortcutHint={`${shortcut} to send the decision`}
                />
                <Text size="xs" c="dimmed" ta="right">
                  Press <Kbd size="xs">{shortcut}</Kbd> to send the decision, <Kbd size="xs">?</Kbd>{' '}
                  for all shortcuts
                </Text>
              </>
            )}

            <DocumentInfo record={record} />
            <HistoryPanel history={record.history} schema={record.schema} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Box>
  );
}
