import { Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { ErrorAlert } from './error-alert';

export interface ListQueryContentProps<T> {
  query: UseQueryResult<T[]>;
  /** What the list holds, as in 'Loading API keys' and 'Failed to load API keys'. */
  noun: string;
  /** The dimmed text shown for an empty list; without it an empty list is rendered as any other. */
  empty?: ReactNode;
  /** The loaded list. */
  children: (items: T[]) => ReactNode;
}

/** A list query's small loader, its error alert, its empty text, or else the loaded list. */
export function ListQueryContent<T>({ query, noun, empty, children }: ListQueryContentProps<T>) {
  if (query.isPending) return <Loader size="sm" aria-label={`Loading ${noun}`} />;
  if (query.isError) return <ErrorAlert error={query.error} fallback={`Failed to load ${noun}`} />;
  if (empty !== undefined && query.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return children(query.data);
}
