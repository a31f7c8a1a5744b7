import { Alert, Button, Paper, Select, Stack, Textarea, Title } from '@mantine/core';
import type { ApprovalAction, TenantUser } from '@parser/contracts';
import { IconLock, IconPlayerTrackNext } from '@tabler/icons-react';

/** The button's label for each decision (spec section 2). */
export const DECISION_LABELS: Record<ApprovalAction, string> = {
  approve: 'Approve',
  reject: 'Reject',
  send_for_approval: 'Send for Approval',
};

export const DECISION_COLORS: Record<ApprovalAction, string> = {
  approve: 'green',
  reject: 'red',
  send_for_approval: 'blue',
};

export interface ApprovalDecision {
  action: ApprovalAction;
  assigneeId: string | null;
  notes: string;
}

export interface ApprovalCardProps {
  decision: ApprovalDecision;
  onChange: (decision: ApprovalDecision) => void;
  onSubmit: () => void;
  /** The company's users, offered by e-mail for send_for_approval. */
  users: TenantUser[];
  submitting: boolean;
  /** The keyboard shortcut, shown under the button. */
  shortcutHint: string;
  /** Approves and opens the next document of the approval queue. */
  onApproveAndNext?: () => void;
  /** Why this user may not approve (the company forbids approving one's own submission). */
  approveBlockedReason?: string | null;
}

/** 'Approval Decision': approve, reject or send to another user, with notes. */
export function ApprovalCard({
  decision,
  onChange,
  onSubmit,
  users,
  submitting,
  shortcutHint,
  onApproveAndNext,
  approveBlockedReason,
}: ApprovalCardProps) {
  const approving = decision.action === 'approve';
  const blocked = approving && !!approveBlockedReason;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="approval-decision">
      <Title order={2} size="h4" id="approval-decision" mb="sm">
        Approval Decision
      </Title>
      <form
        aria-label="Approval Decision"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="sm">
          {approveBlockedReason && (
            <Alert color="gray" icon={<IconLock size={16} />} title="Someone else approves this">
              {approveBlockedReason}
            </Alert>
          )}
          <Select
            label="Action"
            data={(Object.keys(DECISION_LABELS) as ApprovalAction[]).map((action) => ({
              value: action,
              label: DECISION_LABELS[action],
            }))}
            value={decision.action}
            allowDeselect={false}
            onChange={(value) => value && onChange({ ...decision, action: value })}
          />
          {decision.action === 'send_for_approval' && (
            <Select
              label="Assign to User"
              placeholder="Choose a user"
              searchable
              clearable
              data={users.map((user) => ({ value: user.id, label: user.email }))}
              value={decision.assigneeId}
              onChange={(assigneeId) => onChange({ ...decision, assigneeId })}
              nothingFoundMessage="No user matches"
            />
          )}
          <Textarea
            label="Notes"
            rows={2}
            resize="vertical"
            value={decision.notes}
            onChange={(event) => onChange({ ...decision, notes: event.currentTarget.value })}
          />
          <Button
            type="submit"
            color={DECISION_COLORS[decision.action]}
            loading={submitting}
            disabled={blocked}
            title={shortcutHint}
          >
            {DECISION_LABELS[decision.action]}
          </Button>
        </Stack>
      </form>
      {/* Outside the form: Enter in the notes sends the chosen decision, never this one. */}
      {approving && onApproveAndNext && (
        <Button
          fullWidth
          mt="sm"
          variant="light"
          color="green"
          rightSection={<IconPlayerTrackNext size={16} />}
          onClick={onApproveAndNext}
          disabled={blocked || submitting}
        >
          Approve &amp; next
        </Button>
      )}
    </Paper>
  );
}
