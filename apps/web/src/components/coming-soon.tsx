import { Paper, Text } from '@mantine/core';

import { PageHeader } from './page-header';

export interface ComingSoonProps {
  /** The page title. */
  title: string;
  /** The line under the title. */
  subtitle?: string;
  /** Body text. @default 'This screen is coming soon.' */
  message?: string;
}

/** A titled, empty screen for features built in later issues. */
export function ComingSoon({
  title,
  subtitle,
  message = 'This screen is coming soon.',
}: ComingSoonProps) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed">{message}</Text>
      </Paper>
    </>
  );
}
