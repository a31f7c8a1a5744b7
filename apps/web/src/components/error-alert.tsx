import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

import { ApiError } from '@/lib/api-client';

export interface ErrorAlertProps {
  /** The caught error; an `ApiError` shows its `detail` (one message or a list). */
  error: unknown;
  /** Shown when the error carries no message. */
  fallback: string;
  /** Alert title. @default 'Error' */
  title?: string;
}

/** A red alert showing an API error's detail, as the error catalogue asks. */
export function ErrorAlert({ error, fallback, title = 'Error' }: ErrorAlertProps) {
  let content: React.ReactNode = fallback;
  if (error instanceof ApiError && Array.isArray(error.detail) && error.detail.length > 0) {
    content = (
      <List size="sm">
        {error.detail.map((message) => (
          <List.Item key={message}>{message}</List.Item>
        ))}
      </List>
    );
  } else if (error instanceof ApiError && typeof error.detail === 'string' && error.detail) {
    content = error.detail;
  } else if (!(error instanceof ApiError) && error instanceof Error && error.message) {
    content = error.message;
  }
  return (
    <Alert color="red" title={title} icon={<IconAlertCircle size={18} />} role="alert">
      {content}
    </Alert>
  );
}
