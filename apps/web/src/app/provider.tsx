import '@mantine/core/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';

import { ErrorBoundary } from '@/components/error-boundary';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { queryClient as defaultQueryClient } from '@/lib/query-client';

import { NAVBAR_WIDTH } from './layout/layout-sizes';
import { theme } from './theme';

/**
 * Notifications stack at the bottom of the sidebar, over its footer (the company's name), where
 * they cover no control of a page: at the bottom right they hid buttons such as Start Processing
 * and the review's values until they closed. Spec section 9's limit of 5 still holds.
 */
export const NOTIFICATIONS_PROPS = {
  limit: 5,
  position: 'bottom-left',
  containerWidth: NAVBAR_WIDTH - 2 * 16,
} as const;

export interface AppProviderProps {
  children: ReactNode;
  /** @default the app-wide client from lib/query-client */
  queryClient?: QueryClient;
}

/**
 * Mantine, notifications, TanStack Query, the router and auth, under one error boundary. The router
 * is a data router (one catch-all route around the app's own route table) because only a data
 * router can block a navigation that would lose unsaved edits.
 */
export function AppProvider({ children, queryClient = defaultQueryClient }: AppProviderProps) {
  const [router] = useState(() =>
    createBrowserRouter([{ path: '*', element: <AuthProvider>{children}</AuthProvider> }]),
  );
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications {...NOTIFICATIONS_PROPS} />
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ErrorBoundary>
    </MantineProvider>
  );
}
