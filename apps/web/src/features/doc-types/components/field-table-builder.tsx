import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  type TextInputProps,
  Title,
  Tooltip,
} from '@mantine/core';
import { ColumnType, FieldType } from '@parser/contracts';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

import { RemoveIconButton } from '@/components/remove-icon-button';

import {
  type BuilderErrors,
  builderErrors,
  type DraftColumn,
  type DraftField,
  type DraftTable,
  moveItem,
  newColumn,
  newField,
  newTable,
  topLevelKeys,
  withKey,
  withLabel,
} from '../utils/draft';

const TYPE_LABELS: Record<FieldType, string> = {
  string: 'Text',
  number: 'Number',
  date: 'Date',
  currency: 'Currency',
  boolean: 'Yes / No',
};
const FIELD_TYPE_OPTIONS = FieldType.options.map((value) => ({ value, label: TYPE_LABELS[value] }));
const COLUMN_TYPE_OPTIONS = ColumnType.options.map((value) => ({
  value,
  label: TYPE_LABELS[value],
}));

/** Keys read as code; their error messages stay in the normal font. */
const MONO_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

interface KeyInputProps extends Omit<TextInputProps, 'onChange'> {
  /** Called with the key as typed. */
  onKeyChange: (key: string) => void;
}

/** The key of a field, column or table: monospace, never spell-checked or capitalised. */
function KeyInput({ onKeyChange, ...props }: KeyInputProps) {
  return (
    <TextInput
      size="xs"
      styles={MONO_INPUT}
      spellCheck={false}
      autoCapitalize="off"
      onChange={(event) => onKeyChange(event.currentTarget.value)}
      {...props}
    />
  );
}

interface AliasesInputProps {
  /** What the input describes, for its accessible name: 'field 2', 'column 1 of table 1'. */
  name: string;
  /** The aliases as typed, comma-separated. */
  value: string | undefined;
  onAliasesChange: (text: string) => void;
}

/** Other labels the documents print for a field or column; the engine looks for them too. */
function AliasesInput({ name, value, onAliasesChange }: AliasesInputProps) {
  return (
    <TextInput
      size="xs"
      aria-label={`Also known as (${name})`}
      placeholder="e.g. Inv. No, Rechnungsnummer"
      value={value ?? ''}
      onChange={(event) => onAliasesChange(event.currentTarget.value)}
    />
  );
}

/** The fields and tables of a type. */
export interface BuilderValue {
  fields: DraftField[];
  tables: DraftTable[];
}

export interface FieldTableBuilderProps {
  value: BuilderValue;
  onChange: (value: BuilderValue) => void;
}

/** Marks an item the engine suggested from the example document. */
function AiBadge() {
  return (
    <Tooltip label="AI extracted from the example document" withArrow>
      <Badge
        size="sm"
        variant="light"
        color="grape"
        aria-label="AI extracted"
        style={{ flexShrink: 0 }}
      >
        AI
      </Badge>
    </Tooltip>
  );
}

interface MoveButtonsProps {
  /** What the buttons move, for their labels: 'field 2', 'column 1 of table 1'. */
  name: string;
  /** The item's id, to put focus back on its button after the move. */
  itemId: string;
  index: number;
  count: number;
  onMove: (delta: number) => void;
}

function MoveButtons({ name, itemId, index, count, onMove }: MoveButtonsProps) {
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Move ${name} up`}
        data-move={`${itemId}:up`}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Move ${name} down`}
        data-move={`${itemId}:down`}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
    </Group>
  );
}

/**
 * The visual builder: fields and tables with inline label, key, type and required, reordering by
 * buttons (focus follows the moved item), keys that follow labels until typed by hand, and inline
 * key errors.
 */
export function FieldTableBuilder({ value, onChange }: FieldTableBuilderProps) {
  const { fields, tables } = value;
  const errors: BuilderErrors = builderErrors(value);
  const containerRef = useRef<HTMLDivElement>(null);
  // After a move React re-orders the rows; put focus back on the moved item's button.
  const pendingFocus = useRef<{ itemId: string; direction: 'up' | 'down' } | null>(null);
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    const find = (direction: string) =>
      containerRef.current?.querySelector<HTMLButtonElement>(
        `[data-move="${target.itemId}:${direction}"]`,
      );
    const same = find(target.direction);
    const other = find(target.direction === 'up' ? 'down' : 'up');
    (same && !same.disabled ? same : other)?.focus();
  });

  const move = <T extends { id: string }>(items: T[], index: number, delta: number) => {
    const item = items[index];
    if (item) pendingFocus.current = { itemId: item.id, direction: delta < 0 ? 'up' : 'down' };
    return moveItem(items, index, delta);
  };

  const setFields = (next: DraftField[]) => onChange({ fields: next, tables });
  const setTables = (next: DraftTable[]) => onChange({ fields, tables: next });
  const updateField = (index: number, update: (field: DraftField) => DraftField) =>
    setFields(fields.map((field, i) => (i === index ? update(field) : field)));
  const updateTable = (index: number, update: (table: DraftTable) => DraftTable) =>
    setTables(tables.map((table, i) => (i === index ? update(table) : table)));

  return (
    <Stack gap="xl" ref={containerRef}>
      {fields.length + tables.length === 0 && (
        <Text c="dimmed" size="sm">
          Add at least one field or table to describe what to extract.
        </Text>
      )}

      <Stack gap="sm" component="section" aria-labelledby="builder-fields">
        <Group justify="space-between">
          <Title order={3} size="h4" id="builder-fields">
            Fields ({fields.length})
          </Title>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setFields([...fields, newField(fields, topLevelKeys(value))])}
          >
            Add Field
          </Button>
        </Group>
        {fields.length > 0 && (
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="xs" layout="fixed" aria-label="Fields">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={76}>Order</Table.Th>
                  <Table.Th>Label</Table.Th>
                  <Table.Th>Key</Table.Th>
                  <Table.Th>Also known as</Table.Th>
                  <Table.Th w={130}>Type</Table.Th>
                  <Table.Th w={84}>Required</Table.Th>
                  <Table.Th w={90} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {fields.map((field, index) => {
                  const name = `field ${index + 1}`;
                  return (
                    <Table.Tr key={field.id}>
                      <Table.Td>
                        <MoveButtons
                          name={name}
                          itemId={field.id}
                          index={index}
                          count={fields.length}
                          onMove={(delta) => setFields(move(fields, index, delta))}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          size="xs"
                          aria-label={`Label of ${name}`}
                          value={field.label}
                          error={errors[`${field.id}:label`]}
                          description={field.example ? `Example: ${field.example}` : undefined}
                          inputWrapperOrder={['input', 'description', 'error']}
                          onChange={(event) => {
                            const label = event.currentTarget.value;
                            updateField(index, (f) => withLabel(f, label, 'field'));
                          }}
                        />
                      </Table.Td>
                      <Table.Td>
                        <KeyInput
                          aria-label={`Key of ${name}`}
                          value={field.key}
                          error={errors[`${field.id}:key`]}
                          onKeyChange={(key) => updateField(index, (f) => withKey(f, key))}
                        />
                      </Table.Td>
                      <Table.Td>
                        <AliasesInput
                          name={name}
                          value={field.aliases}
                          onAliasesChange={(aliases) =>
                            updateField(index, (f) => ({ ...f, aliases }))
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        <NativeSelect
                          size="xs"
                          aria-label={`Type of ${name}`}
                          data={FIELD_TYPE_OPTIONS}
                          value={field.type}
                          onChange={(event) => {
                            const type = FieldType.parse(event.currentTarget.value);
                            updateField(index, (f) => ({ ...f, type }));
                          }}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Checkbox
                          aria-label={`${name} required`}
                          checked={field.required}
                          onChange={(event) => {
                            const required = event.currentTarget.checked;
                            updateField(index, (f) => ({ ...f, required }));
                          }}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          {field.extracted && <AiBadge />}
                          <RemoveIconButton
                            label={`Remove ${name}`}
                            onClick={() => setFields(fields.filter((_, i) => i !== index))}
                          />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="builder-tables">
        <Group justify="space-between">
          <Title order={3} size="h4" id="builder-tables">
            Tables ({tables.length})
          </Title>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setTables([...tables, newTable(tables, topLevelKeys(value))])}
          >
            Add Table
          </Button>
        </Group>
        {tables.map((table, index) => (
          <TableEditor
            key={table.id}
            table={table}
            index={index}
            count={tables.length}
            errors={errors}
            onChange={(update) => updateTable(index, update)}
            onMove={(delta) => setTables(move(tables, index, delta))}
            onMoveColumn={(columnIndex, delta) =>
              updateTable(index, (t) => ({ ...t, columns: move(t.columns, columnIndex, delta) }))
            }
            onRemove={() => setTables(tables.filter((_, i) => i !== index))}
          />
        ))}
      </Stack>
    </Stack>
  );
}

interface TableEditorProps {
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
function TableEditor({
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
