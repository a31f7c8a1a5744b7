import { Center, Group, Loader, Text } from '@mantine/core';

export interface LoadingStateProps {
  /** What is loading, beside the spinner: 'Loading documents...'. */
  label: string;
}

/** A small spinner and a line of text, centred, while a screen's data loads. */
export function LoadingState({ label }: LoadingStateProps) {
  return (
    <Center py="xl">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{label}</Text>
      </Group>
    </Center>
  );
}
