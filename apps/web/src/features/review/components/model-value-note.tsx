import { Text } from '@mantine/core';
import type { ModelMark } from '@parser/contracts';

export interface ModelValueNoteProps {
  /** How the AI model stands behind the value: it alone read it, or it agreed with the engine. */
  mark: ModelMark;
}

/** The words under a value the AI model read, so a reviewer knows where it came from. */
export const modelValueText = (mark: ModelMark) =>
  mark === 'alone' ? 'Read by the AI model' : 'AI model and offline engine agree';

/** Under a field the AI model read: which engine the value came from. */
export function ModelValueNote({ mark }: ModelValueNoteProps) {
  return (
    <Text component="span" size="xs" c="violet.8" data-model-value={mark}>
      {modelValueText(mark)}
    </Text>
  );
}
