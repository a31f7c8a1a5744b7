import { AppError } from '../lib/app-error.js';

/**
 * SQLSTATEs of a database that is not serving right now rather than of a statement that is wrong:
 * connection exceptions (class 08), the server shutting down or starting (57P01–57P03), and no
 * connection slot left (53300).
 */
const UNAVAILABLE_STATES = /^(08\d{3}|57P0[1-3]|53300)$/;

/** Socket errors of a connection that could not be made or was cut. */
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * Whether a failed query failed because the database was out of reach (a restart, a failover, a
 * connection cut or refused), so the request can be answered "try again" instead of as a fault.
 * node-postgres reports a connection that ends mid-query and a pool that cannot connect in time
 * by message only.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || SOCKET_ERRORS.has(code))) {
    return true;
  }
  return /^Connection terminated|timeout exceeded when trying to connect/.test(error.message);
}

/** The answer to a request whose database was out of reach: 503 with a short Retry-After. */
export function databaseUnavailable(cause: unknown): AppError {
  return new AppError('DATABASE_UNAVAILABLE', {
    message: 'The database is not answering right now; try again in a few seconds',
    headers: { 'retry-after': '2' },
    cause,
  });
}
