import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Pipeline } from '@parser/contracts';
import { IconEye, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';

import { ConfirmModal } from '@/components/confirm-modal';
import { DataTable } from '@/components/data-table';
import { LoadMoreButton } from '@/components/load-more-button';
import { StepBadge } from '@/components/step-badge';

import { useBulkDeletePipelines } from '../api/bulk-delete-pipelines';
import { useDeletePipeline } from '../api/delete-pipeline';

const COLUMNS = ['Document', 'Status', 'Created', 'Actions'];

export interface PendingTableProps {
  /** The pending pipelines of one type, newest first. */
  pipelines: Pipeline[];
  /** Shows 'Load more' when a list has further pages. */
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** The pending documents with selection, single delete and bulk delete. */
export function PendingTable({ pipelines, hasMore, loadingMore, onLoadMore }: PendingTableProps) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkOpen, setBulkOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Pipeline | null>(null);
  const deleteOne = useDeletePipeline();
  const deleteMany = useBulkDeletePipelines();

  // Rows that left the list (deleted, approved elsewhere) drop out of the selection.
  const selectedIds = pipelines.map((p) => p.pipeline_id).filter((id) => selected.has(id));
  const allSelected = pipelines.length > 0 && selectedIds.length === pipelines.length;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected(allSelected ? new Set() : new Set(pipelines.map((p) => p.pipeline_id)));

  const confirmDeleteOne = () => {
    if (!toDelete) return;
    deleteOne.mutate(toDelete.pipeline_id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: 'Document deleted successfully' });
      },
      onError: () => {
        notifications.show({
          color: 'red',
          message: 'Failed to delete document. Please try again.',
        });
      },
      onSettled: () => setToDelete(null),
    });
  };

  const confirmBulkDelete = () => {
    deleteMany.mutate(selectedIds, {
      onSuccess: (result) => {
        notifications.show({
          color: 'green',
          message: result.message || `Successfully deleted ${result.deleted_count} documents`,
        });
        setSelected(new Set());
      },
      onError: () => {
        notifications.show({
          color: 'red',
          message: 'Failed to delete documents. Please try again.',
        });
      },
      onSettled: () => setBulkOpen(false),
    });
  };

  if (pipelines.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap={4}>
          <Text fw={600}>No pending documents</Text>
          <Text c="dimmed" size="sm">
            All documents for this type have been processed.
          </Text>
        </Stack>
      </Paper>
    );
  }

  return (
    <>
      {selectedIds.length > 0 && (
        <Group mb="sm">
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            onClick={() => setBulkOpen(true)}
          >
            Delete Selected ({selectedIds.length})
          </Button>
        </Group>
      )}
      <Paper withBorder radius="md">
        <DataTable
          label="Pending documents"
          minWidth={640}
          highlightOnHover
          columns={[
            {
              key: 'select',
              width: 40,
              header: (
                <Checkbox
                  aria-label="Select all documents"
                  checked={allSelected}
                  indeterminate={selectedIds.length > 0 && !allSelected}
                  onChange={toggleAll}
                />
              ),
            },
            ...COLUMNS,
          ]}
        >
          {pipelines.map((pipeline) => {
            const created = dayjs(pipeline.created_at);
            return (
              <Table.Tr key={pipeline.pipeline_id}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${pipeline.original_filename}`}
                    checked={selected.has(pipeline.pipeline_id)}
                    onChange={() => toggle(pipeline.pipeline_id)}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {pipeline.original_filename}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {pipeline.pipeline_id.slice(0, 8)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StepBadge step={pipeline.current_step} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{created.format('MMM D, YYYY')}</Text>
                  <Text size="xs" c="dimmed">
                    {created.format('h:mm A')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Tooltip label="Open review">
                      <ActionIcon
                        component={Link}
                        to={`/review/${encodeURIComponent(pipeline.pipeline_id)}`}
                        variant="light"
                        aria-label={`Open ${pipeline.original_filename}`}
                      >
                        <IconEye size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete">
                      <ActionIcon
                        variant="light"
                        color="red"
                        aria-label={`Delete ${pipeline.original_filename}`}
                        onClick={() => setToDelete(pipeline)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
        <LoadMoreButton hasMore={hasMore} loading={loadingMore} onLoadMore={onLoadMore} />
      </Paper>

      <ConfirmModal
        opened={bulkOpen}
        title="Confirm Bulk Delete"
        confirmLabel={`Delete ${selectedIds.length} documents`}
        onConfirm={confirmBulkDelete}
        onClose={() => setBulkOpen(false)}
        loading={deleteMany.isPending}
      >
        <Text size="sm">
          Are you sure you want to delete {selectedIds.length} selected document
          {selectedIds.length === 1 ? '' : 's'}? This action cannot be undone and will permanently
          remove the pipeline documents, associated files and all review/approval data.
        </Text>
      </ConfirmModal>
      <ConfirmModal
        opened={toDelete !== null}
        title="Delete document"
        confirmLabel="Delete"
        onConfirm={confirmDeleteOne}
        onClose={() => setToDelete(null)}
        loading={deleteOne.isPending}
      >
        <Text size="sm">
          Delete &quot;{toDelete?.original_filename}&quot;? This action cannot be undone and will
          permanently remove the document, its file and all review/approval data.
        </Text>
      </ConfirmModal>
    </>
  );
}
