import { Textarea, type TextareaProps, TextInput, type TextInputProps } from '@mantine/core';
import type { FieldType } from '@parser/contracts';

/** A text input's props, with the value's type and a plain change handler. */
export type ValueInputProps = Omit<TextInputProps, 'onChange' | 'onFocus' | 'type'> & {
  /** The value's type: text values wrap onto more lines instead of being cut off. */
  type: FieldType;
  /** Called with the new text. */
  onChange: (value: string) => void;
  onFocus?: () => void;
  /** Marks the input for Enter-to-next-value navigation. */
  'data-review-input'?: boolean;
  'data-low-confidence'?: boolean;
  'data-recon-warning'?: boolean;
};

/** Value types that are short by nature (numbers, amounts, dates, yes/no) stay on one line. */
const ONE_LINE_TYPES: readonly FieldType[] = ['number', 'currency', 'date', 'boolean'];

/**
 * A review value. Text values (item names, addresses) grow to as many lines as they need, so a
 * long one is read whole instead of being cut off at the input's edge; Enter still moves on to the
 * next value rather than adding a line.
 */
export function ValueInput({ type, onChange, onFocus, ...props }: ValueInputProps) {
  if (ONE_LINE_TYPES.includes(type)) {
    return (
      <TextInput
        {...props}
        onChange={(event) => onChange(event.currentTarget.value)}
        onFocus={onFocus}
      />
    );
  }
  return (
    <Textarea
      {...(props as TextareaProps)}
      autosize
      minRows={1}
      maxRows={8}
      onChange={(event) => onChange(event.currentTarget.value)}
      onFocus={onFocus}
      onKeyDown={(event) => {
        const plainEnter = event.key === 'Enter' && !event.ctrlKey && !event.metaKey;
        // Enter moves on to the next value (the workspace does it); it never adds a line break.
        // Ctrl/Cmd + Enter is left alone: it is the submit shortcut.
        if (plainEnter && !event.altKey && !event.nativeEvent.isComposing) event.preventDefault();
      }}
    />
  );
}
