import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import { Logo } from './logo';

export interface AuthCardProps {
  /** The heading (an h1). */
  title: ReactNode;
  /** The line under the heading. */
  subtitle?: ReactNode;
  children: ReactNode;
  /** Card width in px. @default 440 */
  width?: number;
}

/** A centred card on a light background, used by login, signup, invite and company setup. */
export function AuthCard({ title, subtitle, children, width = 440 }: AuthCardProps) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Box w="100%" maw={width}>
        <Group justify="center" gap="xs" mb="lg">
          <Logo />
          <Text fw={700} size="xl">
            Parser
          </Text>
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Stack gap={4} mb="lg" align="center">
            <Title order={1} size="h2" ta="center">
              {title}
            </Title>
            {subtitle !== undefined && (
              <Text c="dimmed" ta="center">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Paper>
      </Box>
    </Center>
  );
}
