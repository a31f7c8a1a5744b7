import { ActionIcon, Button, Group, Paper, Table, Text, Title, Tooltip } from '@mantine/core';
import type { ReviewRecord } from '@parser/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

import { formatConfidence } from '@/components/confidence-badge';

import type { ReviewForm } from '../hooks/use-review-form';
import {
  displayLabel,
  extractedCell,
  hasReviewData,
  inputId,
  isUnchanged,
  LOW_CONFIDENCE,
  parseValue,
} from '../utils/review-values';
import { agentChangeAt, reconFlagAt, reconWarningAt } from '../utils/agent-report';
import { focusSourceOf } from '../utils/value-source';
import { AgentChangeNote } from './agent-change-note';
import { ConfidenceDot } from './confidence-dot';
import { ReconWarningNote, reconWarningStyles } from './recon-warning-note';
import { modelValueText } from './model-value-note';
import { CurrencyCode } from './currency-code';
import type { SourceBox } from './document-preview';
import { ValueInput } from './value-input';

export interface ReviewTablesProps {
  record: ReviewRecord;
  form: ReviewForm;
  onFocusSource: (source: SourceBox | null) => void;
  readOnly: boolean;
}

/** Each table of the type with editable cells, Add Row and a delete per row. */
export function ReviewTables({ record, form, onFocusSource, readOnly }: ReviewTablesProps) {
  // Add Row puts the cursor in the new row's first cell, once that cell exists.
  const focusAfterRender = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfterRender.current) return;
    document.getElementById(focusAfterRender.current)?.focus();
    focusAfterRender.current = null;
  });

  // Before extraction has run, 'Document Fields' already says there is nothing to show.
  if (!hasReviewData(record)) return null;
  return (
    <>
      {record.schema.tables.map((table) => {
        const rows = form.values.tables[table.key] ?? [];
        const label = displayLabel(table.label);
        const headingId = `review-table-${table.key}`;
        return (
          <Paper
            key={table.key}
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-labelledby={headingId}
          >
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4" id={headingId}>
                {label}
              </Title>
              {!readOnly && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => {
                    const columns = table.columns.map((column) => column.key);
                    const rowId = form.addRow(table.key, columns);
                    if (columns[0]) {
                      focusAfterRender.current = inputId({
                        kind: 'cell',
                        table: table.key,
                        rowId,
                        column: columns[0],
                      });
                    }
                  }}
                >
                  Add Row
                </Button>
              )}
            </Group>
            {rows.length === 0 ? (
              <Text c="dimmed" size="sm">
                No data in this table. Click &quot;Add Row&quot; to add entries.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={table.columns.length * 110 + (readOnly ? 0 : 40)}>
                <Table verticalSpacing={4} horizontalSpacing={4} aria-label={label}>
                  <Table.Thead>
                    <Table.Tr>
                      {table.columns.map((column) => (
                        <Table.Th key={column.key}>{displayLabel(column.label)}</Table.Th>
                      ))}
                      {!readOnly && <Table.Th w={40} aria-label="Row actions" />}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row, index) => (
                      <Table.Tr key={row.rowId}>
                        {table.columns.map((column) => {
                          const text = row.cells[column.key] ?? '';
                          const extracted = extractedCell(record, table.key, row, column.key);
                          const parsed = parseValue(text, column.type);
                          // The engine's confidence holds while the cell keeps its reading.
                          const reading =
                            extracted && text.trim() !== '' && isUnchanged(extracted, text)
                              ? extracted
                              : undefined;
                          const low = reading !== undefined && reading.confidence < LOW_CONFIDENCE;
                          const currency =
                            column.type === 'currency' ? extracted?.currency : undefined;
                          const place = { table: table.key, row: index, column: column.key };
                          const agentChange = agentChangeAt(record, place);
                          const reconFlag = reconFlagAt(record, place);
                          // A warning's likely misread: marked more quietly than a failure, its
                          // message in the tooltip and the reading the sums want under the cell.
                          const reconWarning = parsed.ok
                            ? reconWarningAt(record, place)
                            : undefined;
                          const tip = [
                            reading
                              ? `Confidence ${formatConfidence(reading.confidence)}${low ? ' (low: check this value)' : ''}${reading.model ? ` · ${modelValueText(reading.model)}` : ''}${reading.origin ? ' · Source: e-invoice XML' : ''}`
                              : '',
                            reconWarning ? `Warning: ${reconWarning.message}` : '',
                          ]
                            .filter((part) => part !== '')
                            .join(' · ');
                          return (
                            <Table.Td key={column.key} valign="top">
                              <Tooltip
                                label={tip}
                                disabled={tip === ''}
                                multiline={reconWarning !== undefined}
                                maw={reconWarning ? 360 : undefined}
                                openDelay={200}
                              >
                                <ValueInput
                                  size="xs"
                                  type={column.type}
                                  data-review-input
                                  data-low-confidence={low || undefined}
                                  data-recon-warning={reconWarning ? true : undefined}
                                  styles={
                                    low
                                      ? { input: { borderColor: 'var(--mantine-color-red-6)' } }
                                      : reconWarning
                                        ? reconWarningStyles
                                        : undefined
                                  }
                                  leftSection={
                                    currency ? <CurrencyCode code={currency} /> : undefined
                                  }
                                  leftSectionWidth={currency ? 40 : undefined}
                                  id={inputId({
                                    kind: 'cell',
                                    table: table.key,
                                    rowId: row.rowId,
                                    column: column.key,
                                  })}
                                  aria-label={`${label} row ${index + 1} ${displayLabel(column.label)}`}
                                  value={text}
                                  readOnly={readOnly}
                                  variant={readOnly ? 'filled' : 'default'}
                                  error={parsed.ok ? reconFlag : parsed.error}
                                  description={
                                    agentChange ? (
                                      <AgentChangeNote change={agentChange} />
                                    ) : reconWarning ? (
                                      <ReconWarningNote check={reconWarning} short />
                                    ) : undefined
                                  }
                                  onChange={(value) =>
                                    form.setCell(table.key, row.rowId, column.key, value)
                                  }
                                  onFocus={() => onFocusSource(focusSourceOf(extracted))}
                                  rightSectionPointerEvents="none"
                                  rightSection={
                                    reading ? (
                                      <ConfidenceDot confidence={reading.confidence} />
                                    ) : null
                                  }
                                />
                              </Tooltip>
                            </Table.Td>
                          );
                        })}
                        {!readOnly && (
                          <Table.Td valign="top">
                            <Tooltip label="Delete row">
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={`Delete ${label} row ${index + 1}`}
                                onClick={() => form.deleteRow(table.key, row.rowId)}
                              >
                                <IconTrash size={14} />
                              </ActionIcon>
                            </Tooltip>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
        );
      })}
    </>
  );
}
