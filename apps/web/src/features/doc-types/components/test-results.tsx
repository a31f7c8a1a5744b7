import { Alert, List, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { DocTypeTestResult, ExtractedValue } from '@parser/contracts';

import { ConfidenceBadge } from '@/components/confidence-badge';

import type { DraftField, DraftTable } from '../utils/draft-items';

/** Spec section 9: the table preview's maximum height, in px (not scaled like Mantine's rem sizes). */
const TABLE_PREVIEW_MAX_HEIGHT = 300;

/** A value as shown in the results: empty values read '-'. */
export function displayValue(value: ExtractedValue['value'] | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

function rowCountText(count: number): string {
  if (count === 0) return 'No data extracted';
  return `${count} ${count === 1 ? 'row' : 'rows'} extracted`;
}

export interface TestResultsProps {
  result: DocTypeTestResult;
  /** The configuration that was tested, for labels and order. */
  fields: DraftField[];
  tables: DraftTable[];
}

/** Each field's value with its confidence, and each table's rows. */
export function TestResults({ result, fields, tables }: TestResultsProps) {
  const modelWarnings = result.model_warnings ?? [];
  return (
    <Stack gap="lg">
      {modelWarnings.length > 0 && (
        <Alert color="yellow" title="AI model notes">
          {/* The same words a document's history gives, so the test shows what processing will. */}
          <List size="sm">
            {modelWarnings.map((warning, index) => (
              <List.Item key={index}>{warning}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {fields.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="test-results-fields">
          <Title order={3} size="h4" id="test-results-fields">
            Fields
          </Title>
          <Table verticalSpacing="xs" aria-label="Extracted fields">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Field</Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th w={120}>Confidence</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((field) => {
                const extracted = result.fields[field.key];
                return (
                  <Table.Tr key={field.id}>
                    <Table.Td>{field.label}</Table.Td>
                    <Table.Td>{displayValue(extracted?.value)}</Table.Td>
                    <Table.Td>
                      {extracted ? (
                        <ConfidenceBadge confidence={extracted.confidence} />
                      ) : (
                        <Text size="sm" c="dimmed">
                          Not found
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Stack>
      )}

      {tables.map((table) => {
        const rows = result.tables[table.key]?.rows ?? [];
        const headingId = `test-results-table-${table.id}`;
        return (
          <Stack key={table.id} gap="xs" component="section" aria-labelledby={headingId}>
            <Title order={3} size="h4" id={headingId}>
              {table.label}
            </Title>
            <Text size="sm" c="dimmed">
              {rowCountText(rows.length)}
            </Text>
            {rows.length > 0 && (
              <ScrollArea.Autosize
                style={{ maxHeight: TABLE_PREVIEW_MAX_HEIGHT }}
                type="auto"
                data-testid={`table-preview-${table.key}`}
              >
                <Table
                  striped
                  withTableBorder
                  verticalSpacing={4}
                  aria-label={`Extracted rows of ${table.label}`}
                >
                  <Table.Thead>
                    <Table.Tr>
                      {table.columns.map((column) => (
                        <Table.Th key={column.id}>{column.label}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row, rowIndex) => (
                      <Table.Tr key={rowIndex}>
                        {table.columns.map((column) => (
                          <Table.Td key={column.id}>
                            {displayValue(row[column.key]?.value)}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
