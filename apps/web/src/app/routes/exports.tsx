import { Alert, Button, Group, Paper, Text, Title } from '@mantine/core';
import type { ExportItem } from '@parser/contracts';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { docTypeQueryOptions } from '@/features/doc-types/api/get-doc-type';
import { useExports } from '@/features/exports/api/get-exports';
import { ExportsTable } from '@/features/exports/components/exports-table';
import { WebhookModal } from '@/features/exports/components/webhook-modal';
import { downloadExport } from '@/features/pipelines/api/download-export';

/** /exports: the approved documents, their downloads and their webhook deliveries. */
export function ExportsRoute() {
  const exports = useExports();
  const [webhookItem, setWebhookItem] = useState<ExportItem | null>(null);
  // Tracked by hand: the list also refetches on its own while a delivery retries, and that
  // background refresh should not spin the button.
  const [refreshing, setRefreshing] = useState(false);
  // The modal starts from the document type's webhook setting.
  const docType = useQuery({
    ...docTypeQueryOptions(webhookItem?.doc_type_id ?? ''),
    enabled: webhookItem !== null,
  });

  const refresh = async () => {
    setRefreshing(true);
    try {
      await exports.refetch();
    } finally {
      setRefreshing(false);
    }
  };

  const items = exports.data?.pages.flatMap((page) => page.items) ?? [];

  let content;
  if (exports.isError) {
    content = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="Error" role="alert">
        Failed to load approved documents.
      </Alert>
    );
  } else if (exports.isPending) {
    content = <LoadingState label="Loading approved documents..." />;
  } else if (items.length === 0) {
    content = (
      <Text c="dimmed" ta="center" py="xl">
        No approved documents yet.
      </Text>
    );
  } else {
    content = (
      <ExportsTable
        items={items}
        hasMore={exports.hasNextPage}
        loadingMore={exports.isFetchingNextPage}
        onLoadMore={() => void exports.fetchNextPage()}
        downloadZip={downloadExport}
        onSendToWebhook={setWebhookItem}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Exports"
        subtitle="Download approved documents or send them to a webhook."
      />
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="exports-approved">
        <Group justify="space-between" mb="md">
          <Title order={2} size="h3" id="exports-approved">
            Approved Documents
          </Title>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={refreshing}
            onClick={() => void refresh()}
          >
            Refresh
          </Button>
        </Group>
        {content}
      </Paper>
      <WebhookModal
        item={webhookItem}
        config={docType.data?.exportSettings.config}
        loadingConfig={webhookItem !== null && docType.isPending}
        onClose={() => setWebhookItem(null)}
      />
    </>
  );
}
