import { Button, Group, Paper, Title } from '@mantine/core';
import { IconFileText, IconSettings, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Shortcuts to the screens a user starts from (spec section 2). */
export function QuickActions() {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="quick-actions">
      <Title order={2} size="h4" id="quick-actions" mb="sm">
        Quick Actions
      </Title>
      <Group gap="sm">
        <Button component={Link} to="/upload" leftSection={<IconUpload size={16} />}>
          Upload Documents
        </Button>
        <Button
          component={Link}
          to="/doc-types"
          variant="light"
          leftSection={<IconFileText size={16} />}
        >
          Manage Document Types
        </Button>
        <Button
          component={Link}
          to="/settings"
          variant="default"
          leftSection={<IconSettings size={16} />}
        >
          Settings
        </Button>
      </Group>
    </Paper>
  );
}
