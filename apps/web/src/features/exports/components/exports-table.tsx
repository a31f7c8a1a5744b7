import { Button, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { ExportItem } from '@parser/contracts';
import { IconDownload, IconWebhook } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';

import { DataTable } from '@/components/data-table';
import { LoadMoreButton } from '@/components/load-more-button';
import { notifyError } from '@/lib/notify';

import { downloadExportFile, type ExportFileFormat } from '../api/download-export-file';
import { DeliveryDetailsModal } from './delivery-details-modal';
import { DeliveryStatusBadge } from './delivery-status-badge';

const COLUMNS = ['File', 'Doc Type', 'Created', 'Webhook', 'Actions'];

const DATE_FORMAT = 'MMM D, YYYY HH:mm';

type DownloadFormat = 'zip' | ExportFileFormat;

const FILE_FORMATS: { format: ExportFileFormat; label: string }[] = [
  { format: 'json', label: 'JSON' },
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel' },
];

export interface ExportsTableProps {
  /** Approved documents, newest first. */
  items: ExportItem[];
  /** Shows 'Load more' when the list has further pages. */
  hasMore: boolean;
  /** The next page is loading. */
  loadingMore: boolean;
  /** Loads the next page. */
  onLoadMore: () => void;
  /** Saves the ZIP export (exports_{id}.zip); shared with the download after approval. */
  downloadZip: (pipelineId: string) => Promise<void>;
  /** Opens the webhook modal for a document. */
  onSendToWebhook: (item: ExportItem) => void;
}

function DeliveryCell({ item, onOpen }: { item: ExportItem; onOpen: () => void }) {
  const delivery = item.latest_delivery;
  if (!delivery) {
    return (
      <Text size="sm" c="dimmed">
        Not sent
      </Text>
    );
  }
  return (
    <UnstyledButton onClick={onOpen} aria-label={`Webhook deliveries of ${item.original_filename}`}>
      <Stack gap={2}>
        <DeliveryStatusBadge delivery={delivery} style={{ cursor: 'pointer' }} />
        {delivery.status === 'pending' && delivery.next_attempt_at && (
          <Text size="xs" c="dimmed">
            Next attempt {dayjs(delivery.next_attempt_at).format(DATE_FORMAT)}
          </Text>
        )}
      </Stack>
    </UnstyledButton>
  );
}

/** Spec section 2: the approved documents with their downloads, webhook send and delivery status. */
export function ExportsTable({
  items,
  hasMore,
  loadingMore,
  onLoadMore,
  downloadZip,
  onSendToWebhook,
}: ExportsTableProps) {
  const [downloading, setDownloading] = useState<ReadonlySet<string>>(new Set());
  const [detailsOf, setDetailsOf] = useState<ExportItem | null>(null);

  const download = async (item: ExportItem, format: DownloadFormat) => {
    const key = `${item.pipeline_id}:${format}`;
    setDownloading((current) => new Set(current).add(key));
    try {
      if (format === 'zip') await downloadZip(item.pipeline_id);
      else await downloadExportFile(item.pipeline_id, format);
    } catch (error) {
      notifyError(error, 'Download failed');
    } finally {
      setDownloading((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
    }
  };
  const isDownloading = (item: ExportItem, format: DownloadFormat) =>
    downloading.has(`${item.pipeline_id}:${format}`);

  return (
    <>
      <DataTable label="Approved documents" minWidth={960} columns={COLUMNS} highlightOnHover>
        {items.map((item) => (
          <Table.Tr key={item.pipeline_id}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {item.original_filename}
              </Text>
              {item.approved_at && (
                <Text size="xs" c="dimmed">
                  Approved {dayjs(item.approved_at).format(DATE_FORMAT)}
                  {item.approved_by ? ` by ${item.approved_by}` : ''}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{item.doc_type_name || item.doc_type_id}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{dayjs(item.created_at).format(DATE_FORMAT)}</Text>
            </Table.Td>
            <Table.Td>
              <DeliveryCell item={item} onOpen={() => setDetailsOf(item)} />
            </Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconDownload size={14} />}
                  loading={isDownloading(item, 'zip')}
                  onClick={() => void download(item, 'zip')}
                >
                  Download
                </Button>
                {FILE_FORMATS.map(({ format, label }) => (
                  <Button
                    key={format}
                    size="xs"
                    variant="default"
                    loading={isDownloading(item, format)}
                    onClick={() => void download(item, format)}
                  >
                    {label}
                  </Button>
                ))}
                <Button
                  size="xs"
                  variant="light"
                  color="violet"
                  leftSection={<IconWebhook size={14} />}
                  onClick={() => onSendToWebhook(item)}
                >
                  Send to Webhook
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <LoadMoreButton hasMore={hasMore} loading={loadingMore} onLoadMore={onLoadMore} />
      <DeliveryDetailsModal
        pipelineId={detailsOf?.pipeline_id ?? null}
        fileName={detailsOf?.original_filename ?? ''}
        onClose={() => setDetailsOf(null)}
      />
    </>
  );
}
