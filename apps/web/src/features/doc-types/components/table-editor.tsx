import { Button, Card, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { ColumnType } from '@parser/contracts';
import { IconPlus } from '@tabler/icons-react';

import { RemoveIconButton } from '@/components/remove-icon-button';

import {
  type BuilderErrors,
  type DraftColumn,
  type DraftTable,
  newColumn,
  withKey,
  withLabel,
} from '../utils/draft-items';
import {
  AiBadge,
  AliasesInput,
  COLUMN_TYPE_OPTIONS,
  KeyInput,
  MoveButtons,
} from './builder-controls';

export interface TableEditorProps {
  table: DraftTable;
  index: number;
  count: number;
  errors: BuilderErrors;
  onChange: (update: (table: DraftTable) => DraftTable) => void;
  onMove: (delta: number) => void;
  onMoveColumn: (columnIndex: number, delta: number) => void;
  onRemove: () => void;
}

/** One table: its label and key, and its columns. */
export function TableEditor({
  table,
  index,
  count,
  errors,
  onChange,
  onMove,
  onMoveColumn,
  onRemove,
}: TableEditorProps) {
  const tableName = `table ${index + 1}`;
  const updateColumn = (columnIndex: number, update: (column: DraftColumn) => DraftColumn) =>
    onChange((t) => ({
      ...t,
      columns: t.columns.map((column, i) => (i === columnIndex ? update(column) : column)),
    }));

  return (
    <Card withBorder radius="md" padding="md" role="group" aria-label={`Table ${index + 1}`}>
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <MoveButtons
            name={tableName}
            itemId={table.id}
            index={index}
            count={count}
            onMove={onMove}
          />
          <TextInput
            size="xs"
            label="Table label"
            style={{ flex: 1, minWidth: 180 }}
            value={table.label}
            error={errors[`${table.id}:label`]}
            onChange={(event) => {
              const label = event.currentTarget.value;
              onChange((t) => withLabel(t, label, 'table'));
            }}
          />
          <KeyInput
            label="Table key"
            style={{ flex: 1, minWidth: 180 }}
            value={table.key}
            error={errors[`${table.id}:key`]}
            onKeyChange={(key) => onChange((t) => withKey(t, key))}
          />
          <Group gap={4} mt={22}>
            {table.extracted && <AiBadge />}
            <RemoveIconButton label={`Remove ${tableName}`} onClick={onRemove} />
          </Group>
        </Group>

        {table.columns.length > 0 && (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing={4} layout="fixed" aria-label={`Columns of ${tableName}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={76}>Order</Table.Th>
                  <Table.Th>Column label</Table.Th>
                  <Table.Th>Key</Table.Th>
                  <Table.Th>Also known as</Table.Th>
                  <Table.Th w={130}>Type</Table.Th>
                  <Table.Th w={50} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {table.columns.map((column, columnIndex) => {
                  const name = `column ${columnIndex + 1} of ${tableName}`;
                  return (
                    <Table.Tr key={column.id}>
                      <Table.Td>
                        <MoveButtons
                          name={name}
                          itemId={column.id}
                          index={columnIndex}
                          count={table.columns.length}
                          onMove={(delta) => onMoveColumn(columnIndex, delta)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          size="xs"
                          aria-label={`Label of ${name}`}
                          value={column.label}
                          error={errors[`${column.id}:label`]}
                          onChange={(event) => {
                            const label = event.currentTarget.value;
                            updateColumn(columnIndex, (c) => withLabel(c, label, 'column'));
                          }}
                        />
                      </Table.Td>
                      <Table.Td>
                        <KeyInput
                          aria-label={`Key of ${name}`}
                          value={column.key}
                          error={errors[`${column.id}:key`]}
                          onKeyChange={(key) => updateColumn(columnIndex, (c) => withKey(c, key))}
                        />
                      </Table.Td>
                      <Table.Td>
                        <AliasesInput
                          name={name}
                          value={column.aliases}
                          onAliasesChange={(aliases) =>
                            updateColumn(columnIndex, (c) => ({ ...c, aliases }))
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        <NativeSelect
                          size="xs"
                          aria-label={`Type of ${name}`}
                          data={COLUMN_TYPE_OPTIONS}
                          value={column.type}
                          onChange={(event) => {
                            const type = ColumnType.parse(event.currentTarget.value);
                            updateColumn(columnIndex, (c) => ({ ...c, type }));
                          }}
                        />
                      </Table.Td>
                      <Table.Td>
                        <RemoveIconButton
                          label={`Remove ${name}`}
                          onClick={() =>
                            onChange((t) => ({
                              ...t,
                              columns: t.columns.filter((_, i) => i !== columnIndex),
                            }))
                          }
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {errors[`${table.id}:columns`] && (
          <Text size="sm" c="red" role="alert">
            {errors[`${table.id}:columns`]}
          </Text>
        )}
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            aria-label={`Add column to ${tableName}`}
            onClick={() =>
              onChange((t) => ({ ...t, columns: [...t.columns, newColumn(t.columns)] }))
            }
          >
            Add Column
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
