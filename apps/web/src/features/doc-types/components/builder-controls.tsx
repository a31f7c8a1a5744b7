import { ActionIcon, Badge, Group, TextInput, type TextInputProps, Tooltip } from '@mantine/core';
import { ColumnType, FieldType } from '@parser/contracts';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';

const TYPE_LABELS: Record<FieldType, string> = {
  string: 'Text',
  number: 'Number',
  date: 'Date',
  currency: 'Currency',
  boolean: 'Yes / No',
};
export const FIELD_TYPE_OPTIONS = FieldType.options.map((value) => ({
  value,
  label: TYPE_LABELS[value],
}));
export const COLUMN_TYPE_OPTIONS = ColumnType.options.map((value) => ({
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
export function KeyInput({ onKeyChange, ...props }: KeyInputProps) {
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
export function AliasesInput({ name, value, onAliasesChange }: AliasesInputProps) {
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

/** Marks an item the engine suggested from the example document. */
export function AiBadge() {
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

export function MoveButtons({ name, itemId, index, count, onMove }: MoveButtonsProps) {
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
