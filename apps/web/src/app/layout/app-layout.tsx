import {
  AppShell,
  Avatar,
  Burger,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconFileUpload,
  IconFileText,
  IconLayoutDashboard,
  IconLogout,
  IconPackageExport,
  IconRobot,
  IconSettings,
  IconShieldLock,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, Outlet, useLocation } from 'react-router';

import { Logo } from '@/components/logo';
import { PlanBadge } from '@/components/plan-badge';
import { useAuth } from '@/features/auth/hooks/use-auth';

import { NAVBAR_WIDTH } from './layout-sizes';

/** Spec section 9: layout sizes. */
const HEADER_HEIGHT = 70;
const USER_MENU_WIDTH = 220;

interface NavEntry {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** Other paths that highlight this entry. */
  alsoActive?: string[];
  adminOnly?: boolean;
}

const NAV_ENTRIES: NavEntry[] = [
  {
    label: 'Dashboard',
    to: '/dashboard',
    icon: IconLayoutDashboard,
    alsoActive: ['/pending', '/review'],
  },
  { label: 'Document Types', to: '/doc-types', icon: IconFileText },
  { label: 'Upload', to: '/upload', icon: IconFileUpload, alsoActive: ['/uploads'] },
  { label: 'Exports', to: '/exports', icon: IconPackageExport },
  { label: 'Agents', to: '/agents', icon: IconRobot },
  { label: 'Admin', to: '/admin', icon: IconShieldLock, adminOnly: true },
  { label: 'Settings', to: '/settings', icon: IconSettings },
];

function isActive(pathname: string, entry: NavEntry): boolean {
  return [entry.to, ...(entry.alsoActive ?? [])].some(
    (path) => pathname === path || pathname.startsWith(`${path}/`),
  );
}

/** The initial of a name or e-mail, uppercased. */
function initial(text: string | undefined): string {
  return (text?.trim().charAt(0) ?? '?').toUpperCase() || '?';
}

/** The signed-in shell: header with plan badge and user menu, navbar, and the routed page. */
export function AppLayout() {
  const { user, signOut } = useAuth();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  if (!user) return null;
  const tenantName = user.tenant?.name ?? '';
  const role = user.role ?? 'member';
  const entries = NAV_ENTRIES.filter((entry) => !entry.adminOnly || user.role === 'admin');

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <UnstyledButton component={Link} to="/dashboard" aria-label="Parser home">
              <Group gap="xs" wrap="nowrap">
                <Logo />
                <Title order={3} size="h3">
                  Parser
                </Title>
              </Group>
            </UnstyledButton>
            <PlanBadge plan={user.tenant?.plan} />
          </Group>

          <Menu width={USER_MENU_WIDTH} position="bottom-end" shadow="md" withinPortal>
            <Menu.Target>
              <UnstyledButton aria-label="User menu">
                <Avatar color="blue" radius="xl">
                  {initial(user.email)}
                </Avatar>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{tenantName}</Menu.Label>
              <Text size="xs" c="dimmed" px="sm" pb="xs" truncate>
                {user.email}
              </Text>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconLogout size={16} />}
                onClick={() => void signOut()}
              >
                Logout
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="md" aria-label="Navigation">
        <AppShell.Section>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb="sm">
            Navigation
          </Text>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={4}>
            {entries.map((entry) => (
              <NavLink
                key={entry.to}
                component={Link}
                to={entry.to}
                label={entry.label}
                leftSection={<entry.icon size={18} stroke={1.6} />}
                active={isActive(pathname, entry)}
                onClick={close}
              />
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Group gap="sm" wrap="nowrap">
            <Avatar color="blue" radius="md" aria-hidden>
              {initial(tenantName)}
            </Avatar>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {tenantName}
              </Text>
              <Text size="xs" c="dimmed">
                {`${role} User`}
              </Text>
            </Stack>
          </Group>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
