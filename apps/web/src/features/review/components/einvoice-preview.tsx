import { Alert, Badge, Box, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';

import { useFileView } from '../api/get-file-view';
import { einvoiceOutline, elementXpath } from '../utils/einvoice-outline';

export interface EInvoicePreviewProps {
  fileId: string;
  /** The XPath of the focused value's source, whose row is marked and scrolled into view. */
  highlightXpath?: string | null;
}

/** Reads the fetched file as text; the preview never hands the XML to a frame or the browser's viewer. */
function useBlobText(blob: Blob | undefined): string | null {
  const [read, setRead] = useState<{ blob: Blob; text: string } | null>(null);
  useEffect(() => {
    let current = true;
    if (blob) {
      void blob.text().then((text) => {
        if (current) setRead({ blob, text });
      });
    }
    return () => {
      current = false;
    };
  }, [blob]);
  // A reading of an earlier blob is not shown for a new one.
  return read && read.blob === blob ? read.text : null;
}

/**
 * An XML e-invoice (UBL or CII) as readable tables: one per part of the invoice (parties,
 * addresses, totals, each line), each value with its name. Values read from the XML point here
 * on the review screen: focusing one marks its row.
 */
export function EInvoicePreview({ fileId, highlightXpath }: EInvoicePreviewProps) {
  const file = useFileView(fileId, true);
  const text = useBlobText(file.data);
  const outline = useMemo(() => (text === null ? null : einvoiceOutline(text)), [text]);
  const marked = highlightXpath ? elementXpath(highlightXpath) : null;
  const markedRef = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    // Optional call: jsdom and older engines have no scrollIntoView.
    markedRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [marked, outline]);

  if (file.isError) {
    return (
      <Text c="red" role="alert">
        Failed to load document preview
      </Text>
    );
  }
  if (!outline) {
    return (
      <Center h={200}>
        <Loader aria-label="Loading document" />
      </Center>
    );
  }
  if (!outline.ok) {
    return (
      <Alert color="red" title="E-invoice not shown">
        {outline.reason}
      </Alert>
    );
  }
  return (
    <Stack gap="md" aria-label="E-invoice content">
      <Badge variant="light" color="blue" w="fit-content">
        e-invoice XML
      </Badge>
      {outline.sections.map((section) => (
        <Box key={section.xpath}>
          <Title order={3} size="h6" mb={4}>
            {section.title}
          </Title>
          <Table withTableBorder withColumnBorders verticalSpacing={4} aria-label={section.title}>
            <Table.Tbody>
              {section.rows.map((row) => {
                const isMarked = row.xpath === marked;
                return (
                  <Table.Tr
                    key={row.xpath}
                    ref={isMarked ? markedRef : undefined}
                    data-xpath={row.xpath}
                    data-highlighted={isMarked || undefined}
                    bg={isMarked ? 'var(--mantine-color-blue-light)' : undefined}
                  >
                    <Table.Th w="40%" fw={500}>
                      {row.label}
                    </Table.Th>
                    <Table.Td>
                      {row.value}
                      {row.qualifiers.length > 0 && (
                        <Text span c="dimmed" size="sm">
                          {' '}
                          {row.qualifiers.join(' ')}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Box>
      ))}
    </Stack>
  );
}
