import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  children: ReactNode;
}

interface ErrorBoundaryState {
  hasError: boolean;
}

/** Catches render errors below it and offers a page reload (spec: error fallback screen). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return <ErrorFallback />;
  }
}

/** The fallback screen shown by `ErrorBoundary`. */
export function ErrorFallback() {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" maw={480}>
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed" ta="center">
          An error occurred while loading this page. Please try refreshing.
        </Text>
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
      </Stack>
    </Center>
  );
}
