import { DocumentReadError, type DocumentReadErrorCode } from '../reading/errors.js';

/** An error as it crosses from an engine worker thread: its kind and the words people see. */
export interface SentError {
  name: string;
  message: string;
  stack?: string | undefined;
  /** DocumentReadError's own fields, so the reason a file cannot be read reaches the clerk. */
  code?: DocumentReadErrorCode;
  userMessage?: string;
}

export function sendableError(error: unknown): SentError {
  if (error instanceof DocumentReadError) {
    return {
      name: error.name,
      message: error.message,
      stack: error.stack,
      code: error.code,
      userMessage: error.userMessage,
    };
  }
  if (error instanceof Error)
    return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'Error', message: String(error) };
}

/** The error the task threw, rebuilt in the calling thread with its class where callers test it. */
export function receivedError(sent: SentError): Error {
  if (sent.name === 'DocumentReadError' && sent.code) {
    const detail =
      sent.userMessage && sent.message.startsWith(sent.userMessage)
        ? sent.message.slice(sent.userMessage.length).replace(/^ \((.*)\)$/s, '$1') || undefined
        : undefined;
    return new DocumentReadError(sent.code, {
      ...(sent.userMessage ? { userMessage: sent.userMessage } : {}),
      ...(detail ? { detail } : {}),
    });
  }
  const error = new Error(sent.message);
  error.name = sent.name;
  if (sent.stack) error.stack = sent.stack;
  return error;
}
