import '@mantine/core/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';

import { ErrorBoundary } from '@/components/error-boundary';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { queryClient as defaultQueryClient } from '@/lib/query-client';

import { theme } from './theme';

export interface AppProviderProps {
  children: ReactNode;
  /** @default the app-wide client from lib/query-client */
  queryClient?: QueryClient;
}

/** Mantine, notifications, TanStack Query, the router and auth, under one error boundary. */
export function AppProvider({ children, queryClient = defaultQueryClient }: AppProviderProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications limit={5} position="bottom-right" />
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AuthProvider>{children}</AuthProvider>
          </BrowserRouter>
        </QueryClientProvider>
      </ErrorBoundary>
    </MantineProvider>
  );
}
