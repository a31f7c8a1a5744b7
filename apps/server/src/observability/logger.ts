import { type DestinationStream, type Logger, pino } from 'pino';

import { serializeRequest } from './request-log-serializer.js';

export interface LoggerOptions {
  level: string;
  /** Where log lines go; standard output unless given (tests read them from here). */
  stream?: DestinationStream | undefined;
  /** False for a logger that writes nothing (tests that do not read the logs). @default true */
  enabled?: boolean;
}

/**
 * The process's logger: JSON lines at LOG_LEVEL. Its services log through it, and so does the
 * API's HTTP layer when the process serves one (Fastify adds its own `res` serializer).
 */
export function createLogger({ level, stream, enabled = true }: LoggerOptions): Logger {
  // Invite tokens travel in URLs; request log lines show them redacted.
  return pino({ level, enabled, serializers: { req: serializeRequest } }, stream);
}
