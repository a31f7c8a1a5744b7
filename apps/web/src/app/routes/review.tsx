import { Alert } from '@mantine/core';
import type { ApprovalBody, CompanySettings, QueuePosition, ReviewRecord } from '@parser/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';

import { LoadingState } from '@/components/loading-state';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useCompanySettings } from '@/features/company-settings/api/get-company-settings';
import { useDecideApproval } from '@/features/pipelines/api/decide-approval';
import { downloadExport } from '@/features/pipelines/api/download-export';
import { useQueuePosition } from '@/features/pipelines/api/get-queue-position';
import { useReview } from '@/features/pipelines/api/get-review';
import { useReExtract } from '@/features/pipelines/api/re-extract';
import { useRetryPipeline } from '@/features/pipelines/api/retry-pipeline';
import { useSaveReview } from '@/features/pipelines/api/save-review';
import { ReviewWorkspace } from '@/features/review/components/review-workspace';
import { useTenantUsers } from '@/features/team/api/get-tenant-users';

/** What the screen says beside a disabled Approve when the company wants four eyes. */
const SELF_APPROVAL_MESSAGE =
  'You submitted this document for approval, and your company requires someone else to approve it. You can still reject it or send it to a colleague.';

/** What the screen says beside a disabled Approve once this user sent the document to someone. */
const sentAwayMessage = (assignee: string) =>
  `You sent this document to ${assignee} for approval, so it is theirs to approve. You can still reject it or send it to someone else.`;

/** The colleague's e-mail when this user sent the document to them and may not approve it now. */
function sentToColleague(
  record: ReviewRecord,
  uid: string | undefined,
  settings: CompanySettings | undefined,
): string | null {
  const assignee = record.assigned_to;
  if (!uid || !assignee || assignee.id === uid || record.sent_by !== uid) return null;
  // Until the settings load, the server's default (the sender hands the decision over) applies.
  return settings?.sender_keeps_sent_documents ? null : assignee.email;
}

/** /review/:pipelineId: review a document's values, then submit them or decide on them. */
export function ReviewRoute() {
  const { pipelineId = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const review = useReview(pipelineId);
  const queue = useQueuePosition(pipelineId, review.data?.current_step);
  const settings = useCompanySettings();
  const users = useTenantUsers();
  const save = useSaveReview(pipelineId);
  const approval = useDecideApproval(pipelineId);
  const reExtract = useReExtract(pipelineId);
  const retry = useRetryPipeline(pipelineId);

  /**
   * The next document of the queue as it stood when this one was opened (this one has left it by
   * now); the newer neighbour when this was the last; the type's pending list when none is left.
   */
  const openNext = async (place: QueuePosition | undefined) => {
    const target = place?.next_id ?? place?.previous_id;
    const docTypeId = review.data?.doc_type_id;
    await navigate(
      target
        ? `/review/${target}`
        : docTypeId
          ? `/pending/${encodeURIComponent(docTypeId)}`
          : '/dashboard',
    );
  };

  // Spec section 4: after the decision the export ZIP downloads (a failure is only logged), then
  // the user goes back to the dashboard. Only an approval has an export: a rejected or reassigned
  // document has none yet. The company may turn the download off; 'Approve & next' opens the next
  // document instead of the dashboard.
  const decide = async (body: ApprovalBody, { next }: { next: boolean }) => {
    const place = queue.data;
    const decided = await approval.mutateAsync(body);
    if (decided.current_step === 'completed' && settings.data?.download_zip_on_approval !== false) {
      try {
        await downloadExport(pipelineId);
      } catch (error) {
        console.error('Export download failed:', error);
      }
    }
    if (next) await openNext(place);
    else await navigate('/dashboard');
  };

  if (review.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="Error" role="alert">
        Error loading document for review
      </Alert>
    );
  }
  if (review.isPending) {
    return <LoadingState label="Loading document..." />;
  }
  const selfApprovalBlocked =
    settings.data?.allow_self_approval === false && !!user && review.data.submitted_by === user.uid;
  const sentAway = sentToColleague(review.data, user?.uid, settings.data);
  return (
    <ReviewWorkspace
      key={pipelineId}
      record={review.data}
      users={users.data ?? []}
      onSave={save.mutateAsync}
      onDecide={decide}
      onReload={async () => (await review.refetch()).data}
      onReExtract={reExtract.mutateAsync}
      onRetry={retry.mutateAsync}
      queue={queue.data}
      onOpenDocument={(id) => void navigate(`/review/${encodeURIComponent(id)}`)}
      onNext={() => openNext(queue.data)}
      approveBlockedReason={
        selfApprovalBlocked ? SELF_APPROVAL_MESSAGE : sentAway ? sentAwayMessage(sentAway) : null
      }
      noteRequiredForFailedChecks={settings.data?.require_note_for_failed_checks === true}
    />
  );
}
