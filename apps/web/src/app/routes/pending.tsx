import { Alert, Anchor, Breadcrumbs, Text } from '@mantine/core';
import type { Pipeline } from '@parser/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';

import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { useDocType } from '@/features/doc-types/api/get-doc-type';
import { usePendingPipelines } from '@/features/pipelines/api/get-pending-pipelines';
import { usePendingSummary } from '@/features/pipelines/api/get-pending-summary';
import { PendingCounters } from '@/features/pipelines/components/pending-counters';
import { PendingTable } from '@/features/pipelines/components/pending-table';

/** The heading's name when neither the type nor its documents say it. */
const GENERIC_TYPE_LABEL = 'Document Type';

const newestFirst = (a: Pipeline, b: Pipeline) => b.created_at.localeCompare(a.created_at);

/** /pending/:docTypeId: the documents of one type that wait for review or approval. */
export function PendingRoute() {
  const { docTypeId = '' } = useParams();
  const docType = useDocType(docTypeId);
  const summary = usePendingSummary();
  const review = usePendingPipelines('pending-review', { docTypeId });
  const approval = usePendingPipelines('pending-approval', { docTypeId });

  // A document that moved from review to approval between two refreshes can be in both lists.
  const byId = new Map<string, Pipeline>();
  for (const pipeline of [
    ...(review.data?.pages.flatMap((page) => page.items) ?? []),
    ...(approval.data?.pages.flatMap((page) => page.items) ?? []),
  ]) {
    if (!byId.has(pipeline.pipeline_id)) byId.set(pipeline.pipeline_id, pipeline);
  }
  const pipelines = [...byId.values()].sort(newestFirst);

  // Exact counts come from the summary's aggregates; the lists hold only the pages loaded so far.
  const entry = summary.data?.find((item) => item.doc_type_id === docTypeId);
  const reviewCount = entry?.review_count ?? 0;
  const approvalCount = entry?.approval_count ?? 0;
  const total = reviewCount + approvalCount;
  const typeName =
    docType.data?.name ?? entry?.doc_type_name ?? pipelines[0]?.doc_type_name ?? GENERIC_TYPE_LABEL;

  const loadMore = () => {
    if (review.hasNextPage) void review.fetchNextPage();
    if (approval.hasNextPage) void approval.fetchNextPage();
  };

  let content;
  if (review.isError || approval.isError) {
    content = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="Error" role="alert">
        Failed to load pending documents
      </Alert>
    );
  } else if (review.isPending || approval.isPending) {
    content = <LoadingState label="Loading pending documents..." />;
  } else {
    content = (
      <PendingTable
        pipelines={pipelines}
        hasMore={review.hasNextPage || approval.hasNextPage}
        loadingMore={review.isFetchingNextPage || approval.isFetchingNextPage}
        onLoadMore={loadMore}
      />
    );
  }

  return (
    <>
      <Breadcrumbs mb="md">
        <Anchor component={Link} to="/dashboard" size="sm">
          Dashboard
        </Anchor>
        <Text size="sm" c="dimmed">
          Pending Documents
        </Text>
        <Text size="sm">{typeName}</Text>
      </Breadcrumbs>
      <PageHeader
        title={`Pending Documents: ${typeName}`}
        subtitle={`${total} document(s) waiting for review or approval`}
      />
      <PendingCounters reviewCount={reviewCount} approvalCount={approvalCount} />
      {content}
    </>
  );
}
