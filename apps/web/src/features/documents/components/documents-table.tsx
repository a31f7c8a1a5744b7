import { Anchor, Badge, Group, Paper, Table, Text } from '@mantine/core';
import type { Document } from '@parser/contracts';
import dayjs from 'dayjs';
import { Link } from 'react-router';

import { DataTable } from '@/components/data-table';
import { LoadMoreButton } from '@/components/load-more-button';

const COLUMNS = ['Document', 'Type', 'Status', 'Created', 'Actions'];

/** Spec section 9: the documents list's date format. */
export const DOCUMENT_DATE_FORMAT = 'MMM D, YYYY HH:mm';

export interface DocumentsTableProps {
  documents: Document[];
  /** Shows 'Load more' when the server has further pages. */
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** The uploaded documents: name, MIME type, status, upload time and the way to open each. */
export function DocumentsTable({
  documents,
  hasMore,
  loadingMore,
  onLoadMore,
}: DocumentsTableProps) {
  if (documents.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed" ta="center">
          No documents found
        </Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md">
      <DataTable label="Documents" minWidth={640} columns={COLUMNS} highlightOnHover>
        {documents.map((document) => (
          <Table.Tr key={document.id}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {document.fileName}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed">
                {document.mimeType}
              </Text>
            </Table.Td>
            <Table.Td>
              {/* The spec shows every document as uploaded; the pipeline's step is on Review. */}
              <Badge variant="light" color="gray">
                uploaded
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{dayjs(document.uploadAt).format(DOCUMENT_DATE_FORMAT)}</Text>
            </Table.Td>
            <Table.Td>
              <Group gap="sm" wrap="nowrap">
                <Anchor
                  component={Link}
                  to={`/documents/${encodeURIComponent(document.id)}`}
                  size="sm"
                  aria-label={`View ${document.fileName}`}
                >
                  View
                </Anchor>
                {document.pipeline_id && (
                  <Anchor
                    component={Link}
                    to={`/review/${encodeURIComponent(document.pipeline_id)}`}
                    size="sm"
                    aria-label={`Review ${document.fileName}`}
                  >
                    Review
                  </Anchor>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <LoadMoreButton hasMore={hasMore} loading={loadingMore} onLoadMore={onLoadMore} />
    </Paper>
  );
}
