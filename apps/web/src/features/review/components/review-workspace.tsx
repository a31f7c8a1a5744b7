import { Box, Button, Grid, Kbd, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueuePosition, ReviewRecord, TenantUser } from '@parser/contracts';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';

import { useFocusOnOpen } from '../hooks/use-focus-on-open';
import {
  type DecideOptions,
  type ReviewCallbacks,
  useReviewActions,
} from '../hooks/use-review-actions';
import { useReviewDraft } from '../hooks/use-review-draft';
import { useReviewForm } from '../hooks/use-review-form';
import { useReviewShortcuts } from '../hooks/use-review-shortcuts';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard';
import { moveOnEnter } from '../utils/move-on-enter';
import { modKey } from '../utils/review-shortcuts';
import { AgentReportSummary } from './agent-report-summary';
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
import { EInvoiceProblemNote } from './einvoice-problem-note';
import { FailedChecksConfirmModal } from './failed-checks-confirm-modal';
import { HistoryPanel } from './history-panel';
import { ReviewFields } from './review-fields';
import { ReviewHeader } from './review-header';
import { ReviewNotesPanel } from './review-notes-panel';
import { ProcessingAlert, RejectionNote, WriteProblemAlert } from './review-state-alerts';
import { ReviewTables } from './review-tables';
import { SenderNote } from './sender-note';
import { ShortcutsModal } from './shortcuts-modal';
import { UnsavedChangesModal } from './unsaved-changes-modal';

/** The server runs the engine again only at these steps. */
const RE_EXTRACTABLE_STEPS: readonly ReviewRecord['current_step'][] = ['human_review', 'approval'];

export interface ReviewWorkspaceProps extends ReviewCallbacks {
  record: ReviewRecord;
  /** The company's users, for 'Assign to User'. */
  users: TenantUser[];
  /** The document's place in its queue (same type and step), once known. */
  queue?: QueuePosition;
  /** Opens another document (previous/next in the queue). */
  onOpenDocument: (pipelineId: string) => void;
  /** Why this user may not approve: the company forbids approving one's own submission. */
  approveBlockedReason?: string | null;
  /** The company asks for a note when values whose checks fail are approved. */
  noteRequiredForFailedChecks?: boolean;
}

/** The review screen: the document beside its editable values, notes and the decision. */
export function ReviewWorkspace({
  record,
  users,
  queue,
  onOpenDocument,
  approveBlockedReason = null,
  noteRequiredForFailedChecks = false,
  ...callbacks
}: ReviewWorkspaceProps) {
  const form = useReviewForm(record);
  const draft = useReviewDraft(record, form);
  const guard = useUnsavedChangesGuard(form.dirty);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [pendingDecision, setPendingDecision] = useState<DecideOptions | null>(null);
  // An approval of values whose checks fail, waiting for the approver to confirm it.
  const [failedChecksApproval, setFailedChecksApproval] = useState<DecideOptions | null>(null);
  const [highlight, setHighlight] = useState<SourceBox | null>(null);
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

  const actions = useReviewActions({
    ...callbacks,
    record,
    form,
    draft,
    allowNextNavigation: guard.allowNextNavigation,
    decision,
    hasFailedChecks: failedChecks.length > 0,
    onConfirmFailedChecks: setFailedChecksApproval,
  });
  const { busy } = actions;

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

  useReviewShortcuts({
    paused:
      shortcutsOpen ||
      pendingDecision !== null ||
      failedChecksApproval !== null ||
      guard.blocker.state === 'blocked',
    onSend: (options) => {
      if (atReview) void actions.saveReview('submit', options);
      else if (atApproval) askToDecide(options);
    },
    onShowShortcuts: () => setShortcutsOpen(true),
    queue,
    onOpenDocument,
  });

  useFocusOnOpen(record, form.values, draft.offered !== null);

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
          if (options) void actions.decide(options);
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
          if (options) void actions.decide(options, { note });
        }}
      />
      <ReviewHeader
        record={record}
        queue={queue}
        onOpenDocument={onOpenDocument}
        onShowShortcuts={() => setShortcutsOpen(true)}
      />

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
                  onClick={() => void actions.reExtract()}
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
            <WriteProblemAlert
              problem={actions.problem}
              onReload={() => void actions.reload()}
              reloading={busy === 'reload'}
            />
            <ProcessingAlert
              record={record}
              onRetry={() => void actions.retry()}
              retrying={busy === 'retry'}
            />

            {atReview && draft.offered && (
              <DraftBanner
                draft={draft.offered}
                onRestore={draft.restore}
                onDiscard={draft.discard}
              />
            )}

            <SenderNote record={record} />

            <EInvoiceProblemNote record={record} />

            <RejectionNote record={record} />

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

            <ReviewNotesPanel
              form={form}
              atReview={atReview}
              busy={busy}
              shortcut={shortcut}
              onSave={(action, options) => void actions.saveReview(action, options)}
            />

            {atApproval && (
              <>
                <ApprovalCard
                  decision={decision}
                  onChange={setDecision}
                  onSubmit={() => void actions.decide({ next: false })}
                  onApproveAndNext={() => void actions.decide({ next: true })}
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
