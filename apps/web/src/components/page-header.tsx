import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  /** The page title (an h1). */
  title: string;
  /** One line under the title. */
  subtitle?: ReactNode;
  /** Buttons on the right. */
  actions?: ReactNode;
}

/** Title, subtitle and actions at the top of a signed-in screen. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {subtitle !== undefined && <Text c="dimmed">{subtitle}</Text>}
      </Stack>
      {actions !== undefined && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
