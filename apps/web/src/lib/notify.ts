import { notifications } from '@mantine/notifications';

import { getErrorMessage } from './api-client';

/** A green notification saying an action succeeded. */
export function notifySuccess(title: string, message: string) {
  notifications.show({ color: 'green', title, message });
}

/** A red notification with the failed request's message; titled 'Error' unless told otherwise. */
export function notifyError(error: unknown, title = 'Error') {
  notifications.show({ color: 'red', title, message: getErrorMessage(error) });
}
