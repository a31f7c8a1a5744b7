import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import type { PipelineStep, ReviewRecord } from '@parser/contracts';
import { IconAlertCircle, IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import type { WriteProblem } from '../hooks/use-review-actions';

const AUTOMATIC_STEPS: readonly PipelineStep[] = ['extraction', 'data_entry', 'reconciliation'];

interface ActionAlertProps {
  color: 'orange' | 'red';
  icon: ReactNode;
  title: string;
  message: string;
  /** A finer point under the message, in smaller type. */
  detail?: string;
  /** The one way out of the problem; `loading` while it runs. */
  action: { label: string; icon?: ReactNode; onClick: () => void; loading: boolean };
}

/** A problem that stops the review, said in a line or two, with the button that resolves it. */
function ActionAlert({ color, icon, title, message, detail, action }: ActionAlertProps) {
  return (
    <Alert color={color} icon={icon} title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {detail && (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        )}
        <Button
          size="xs"
          variant="white"
          color={color}
          leftSection={action.icon}
          onClick={action.onClick}
          loading={action.loading}
        >
          {action.label}
        </Button>
      </Stack>
    </Alert>
  );
}

export interface WriteProblemAlertProps {
  problem: WriteProblem | null;
  onReload: () => void;
  /** The reload is running. */
  reloading: boolean;
}

/** 'The document changed': a save or decision met a newer version; Reload shows it. */
export function WriteProblemAlert({ problem, onReload, reloading }: WriteProblemAlertProps) {
  if (!problem) return null;
  return (
    <ActionAlert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title="The document changed"
      message={problem.message}
      detail={problem.detail}
      action={{ label: 'Reload', onClick: onReload, loading: reloading }}
    />
  );
}

export interface ProcessingAlertProps {
  record: ReviewRecord;
  onRetry: () => void;
  /** The retry is running. */
  retrying: boolean;
}

/** 'Processing failed' with Retry, or 'Processing' while the automatic steps run; else nothing. */
export function ProcessingAlert({ record, onRetry, retrying }: ProcessingAlertProps) {
  if (record.current_step === 'failed') {
    return (
      <ActionAlert
        color="red"
        icon={<IconAlertCircle size={18} />}
        title="Processing failed"
        message={record.failure_reason ?? 'The document could not be processed.'}
        action={{
          label: 'Retry',
          icon: <IconRefresh size={14} />,
          onClick: onRetry,
          loading: retrying,
        }}
      />
    );
  }
  if (AUTOMATIC_STEPS.includes(record.current_step)) {
    return (
      <Alert color="blue" icon={<Loader size={16} />} title="Processing">
        The document is being processed. Its values appear here when it is ready.
      </Alert>
    );
  }
  return null;
}

/** At review, the approver's note of a document sent back: who rejected it and why. */
export function RejectionNote({ record }: { record: ReviewRecord }) {
  if (record.current_step !== 'human_review' || !record.decision_notes) return null;
  const lastRejection = [...record.history].reverse().find((entry) => entry.kind === 'rejected');
  return (
    <Alert
      color="orange"
      variant="filled"
      icon={<IconAlertTriangle size={18} />}
      title={lastRejection ? `Rejected by ${lastRejection.actor}` : 'Returned from approval'}
    >
      {record.decision_notes}
    </Alert>
  );
}
