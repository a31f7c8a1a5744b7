import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface BuilderSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  /** The heading, e.g. 'Fields (3)'. */
  title: string;
  /** The add button's text. */
  addLabel: string;
  onAdd: () => void;
  children: ReactNode;
}

/** One part of the builder: its heading with the add button, then its items. */
export function BuilderSection({ id, title, addLabel, onAdd, children }: BuilderSectionProps) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group justify="space-between">
        <Title order={3} size="h4" id={id}>
          {title}
        </Title>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
      {children}
    </Stack>
  );
}
