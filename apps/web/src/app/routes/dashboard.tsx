import { ActionIcon, Alert, Anchor, Stack, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { PendingTypeCards } from '@/features/dashboard/components/pending-type-cards';
import { QuickActions } from '@/features/dashboard/components/quick-actions';
import { StatCards } from '@/features/dashboard/components/stat-cards';
import { useDocTypes } from '@/features/doc-types/api/get-doc-types';
import { usePendingSummary } from '@/features/pipelines/api/get-pending-summary';
import { usePipelineStats } from '@/features/pipelines/api/get-pipeline-stats';

/** /dashboard: counts, shortcuts and what waits for review or approval, per document type. */
export function DashboardRoute() {
  const docTypes = useDocTypes();
  const stats = usePipelineStats();
  const summary = usePendingSummary();
  const [refreshing, setRefreshing] = useState(false);

  // The spinner follows the button only; the 30 s background refreshes stay quiet.
  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([docTypes.refetch(), stats.refetch(), summary.refetch()]);
    } finally {
      setRefreshing(false);
    }
  };

  let content;
  if (docTypes.isError || stats.isError || summary.isError) {
    content = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="Error" role="alert">
        Failed to load dashboard data
      </Alert>
    );
  } else if (docTypes.isPending || stats.isPending || summary.isPending) {
    content = <LoadingState label="Loading dashboard..." />;
  } else {
    content = (
      <Stack gap="lg">
        <StatCards docTypeCount={docTypes.data.length} stats={stats.data} />
        {stats.data.failed > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {stats.data.failed === 1
              ? '1 document failed processing.'
              : `${stats.data.failed} documents failed processing.`}{' '}
            <Anchor component={Link} to="/documents" size="sm">
              Open Documents
            </Anchor>{' '}
            to see why and retry.
          </Alert>
        )}
        <QuickActions />
        <PendingTypeCards summary={summary.data} />
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle="Document processing overview"
        actions={
          <Tooltip label="Refresh">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Refresh dashboard"
              onClick={() => void refresh()}
              loading={refreshing}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        }
      />
      {content}
    </>
  );
}
