import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { Me } from '@parser/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render as rtlRender, type RenderOptions } from '@testing-library/react';
import { createContext, type ReactElement, type ReactNode, useContext } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { theme } from '@/app/theme';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { createQueryClient } from '@/lib/query-client';

export interface TestRenderOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Initial URL. @default '/' */
  route?: string;
  /**
   * Start signed in as this user (skipping the session restore), or signed out with null.
   * Omitted: the AuthProvider restores the session through the stubbed /auth/refresh.
   */
  user?: Me | null;
}

/** What the test renders, handed to the router's route so a rerender reaches it. */
const RenderedUi = createContext<ReactNode>(null);
const Rendered = () => <>{useContext(RenderedUi)}</>;

/**
 * Render under MantineProvider (env="test"), a fresh QueryClient, a memory data router (as the app
 * has, so navigation blocking works) and AuthProvider.
 */
export function render(
  ui: ReactElement,
  { route = '/', user, ...options }: TestRenderOptions = {},
) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const initialState =
    user === undefined
      ? undefined
      : user
        ? ({ status: 'authenticated', user } as const)
        : ({ status: 'unauthenticated', user: null } as const);

  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AuthProvider initialState={initialState}>
            <Rendered />
          </AuthProvider>
        ),
      },
    ],
    { initialEntries: [route] },
  );

  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <RenderedUi.Provider value={children}>
            <RouterProvider router={router} />
          </RenderedUi.Provider>
        </QueryClientProvider>
      </MantineProvider>
    );
  }

  return { queryClient, router, ...rtlRender(ui, { wrapper: Wrapper, ...options }) };
}

export * from '@testing-library/react';
export { default as userEvent } from '@testing-library/user-event';
