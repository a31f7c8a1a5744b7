import { Alert } from '@mantine/core';
import type { ApprovalBody, QueuePosition } from '@parser/contracts';
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

  // Spec section 4: after any decision the export ZIP downloads (a failure is only logged), then
  // the user goes back to the dashboard. The company may turn the download off; 'Approve & next'
  // opens the next document instead of the dashboard.
  const decide = async (body: ApprovalBody, { next }: { next: boolean }) => {
    const place = queue.data;
    await approval.mutateAsync(body);
    if (settings.data?.download_zip_on_approval !== false) {
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
      approveBlockedReason={selfApprovalBlocked ? SELF_APPROVAL_MESSAGE : null}
    />
  );
}
