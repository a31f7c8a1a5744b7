import { Alert } from '@mantine/core';
import type { ApprovalBody } from '@parser/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';

import { LoadingState } from '@/components/loading-state';
import { useTenantUsers } from '@/features/team/api/get-tenant-users';
import { useDecideApproval } from '@/features/pipelines/api/decide-approval';
import { downloadExport } from '@/features/pipelines/api/download-export';
import { useReview } from '@/features/pipelines/api/get-review';
import { useReExtract } from '@/features/pipelines/api/re-extract';
import { useRetryPipeline } from '@/features/pipelines/api/retry-pipeline';
import { useSaveReview } from '@/features/pipelines/api/save-review';
import { ReviewWorkspace } from '@/features/review/components/review-workspace';

/** /review/:pipelineId: review a document's values, then submit them or decide on them. */
export function ReviewRoute() {
  const { pipelineId = '' } = useParams();
  const navigate = useNavigate();
  const review = useReview(pipelineId);
  const users = useTenantUsers();
  const save = useSaveReview(pipelineId);
  const approval = useDecideApproval(pipelineId);
  const reExtract = useReExtract(pipelineId);
  const retry = useRetryPipeline(pipelineId);

  // Spec section 4: after any decision the export ZIP downloads (a failure is only logged), then
  // the user goes back to the dashboard.
  const decide = async (body: ApprovalBody) => {
    await approval.mutateAsync(body);
    try {
      await downloadExport(pipelineId);
    } catch (error) {
      console.error('Export download failed:', error);
    }
    await navigate('/dashboard');
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
    />
  );
}
