import {
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
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type {
  ApprovalBody,
  PipelineStep,
  ReviewRecord,
  SaveReviewBody,
  TenantUser,
} from '@parser/contracts';
import { IconAlertCircle, IconAlertTriangle, IconRefresh, IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';

import { StepBadge } from '@/components/step-badge';
import { ApiError, getErrorMessage } from '@/lib/api-client';

import { useReviewForm } from '../hooks/use-review-form';
import { buildReviewedData, inputId } from '../utils/review-values';
import { ApprovalCard, type ApprovalDecision } from './approval-card';
import { DocumentInfo } from './document-info';
import { DocumentPreview, type SourceBox } from './document-preview';
import { HistoryPanel } from './history-panel';
import { AgentReportSummary } from './agent-report-summary';
import { ReviewFields } from './review-fields';
import { ReviewTables } from './review-tables';

/** What the screen says when a save or decision meets a newer version. */
export const CONFLICT_MESSAGE =
  'Someone else changed this document while you were reviewing it. Reload to see their changes.';
const MOVED_ON_MESSAGE = 'This document is no longer at this step. Reload to see where it is now.';

const AUTOMATIC_STEPS: readonly PipelineStep[] = ['extraction', 'data_entry', 'reconciliation'];
/** The server runs the engine again only at these steps. */
const RE_EXTRACTABLE_STEPS: readonly PipelineStep[] = ['human_review', 'approval'];

const isMac = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/i.test(navigator.userAgent);

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
  /** Sends the approval decision, then leaves the screen. */
  onDecide: (body: ApprovalBody) => Promise<void>;
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
}: ReviewWorkspaceProps) {
  const form = useReviewForm(record);
  const [highlight, setHighlight] = useState<SourceBox | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [problem, setProblem] = useState<WriteProblem | null>(null);
  const [decision, setDecision] = useState<ApprovalDecision>({
    action: 'approve',
    assigneeId: null,
    notes: '',
  });

  const step = record.current_step;
  const atReview = step === 'human_review';
  const atApproval = step === 'approval';
  const shortcut = isMac() ? '⌘ + Enter' : 'Ctrl + Enter';

  const showWriteError = (error: unknown, fallback: string) => {
    if (error instanceof ApiError && error.code === 'CONFLICT') {
      setProblem({ message: CONFLICT_MESSAGE });
    } else if (error instanceof ApiError && error.code === 'INVALID_STATE') {
      setProblem({ message: MOVED_ON_MESSAGE, detail: getErrorMessage(error) });
    } else {
      notifications.show({ color: 'red', message: getErrorMessage(error, fallback) });
    }
  };

  const saveReview = async (action: 'submit' | 'save') => {
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
      const next = await onSave({
        reviewed_data: built.data,
        review_notes: form.notes,
        version: form.version,
        action,
      });
      form.reset(next);
      notifications.show({
        color: 'green',
        message: action === 'submit' ? 'Review submitted' : 'Review saved',
      });
    } catch (error) {
      showWriteError(error, 'Failed to save the review');
    } finally {
      setBusy(null);
    }
  };

  const decide = async () => {
    if (busy) return;
    setBusy('decide');
    setProblem(null);
    try {
      await onDecide({
        action: decision.action,
        notes: decision.notes,
        assign_to_user_id:
          decision.action === 'send_for_approval' ? (decision.assigneeId ?? undefined) : undefined,
        version: record.version,
      });
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

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    if (atReview) {
      event.preventDefault();
      void saveReview('submit');
    } else if (atApproval) {
      event.preventDefault();
      void decide();
    }
  };

  const lastRejection = [...record.history].reverse().find((entry) => entry.kind === 'rejected');

  return (
    <Box onKeyDown={onKeyDown}>
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
                        leftSection={<IconSend size={16} />}
                        onClick={() => void saveReview('submit')}
                        loading={busy === 'submit'}
                      >
                        Submit Review
                      </Button>
                    </Group>
                    <Text size="xs" c="dimmed" ta="right">
                      Press <Kbd size="xs">{shortcut}</Kbd> to submit
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
                  onSubmit={() => void decide()}
                  users={users}
                  submitting={busy === 'decide'}
                  shortcutHint={`${shortcut} to send the decision`}
                />
                <Text size="xs" c="dimmed" ta="right">
                  Press <Kbd size="xs">{shortcut}</Kbd> to send the decision
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
