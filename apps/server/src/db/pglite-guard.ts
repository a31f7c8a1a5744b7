import type { DatabaseConnection, Driver } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';

/** Far longer than any transaction should hold the connection; only a deadlock waits this long. */
export const CONNECTION_WAIT_LIMIT_MS = 60_000;

/**
 * PGlite is one connection, handed to one caller at a time. A query made on the database object
 * (not the transaction) inside a transaction would wait for that connection forever, and every
 * later request with it. This dialect gives up after `limitMs` with an error naming the likely
 * cause, so the stuck transaction rolls back and the server recovers.
 */
export class GuardedPGliteDialect extends PGliteDialect {
  constructor(
    client: ConstructorParameters<typeof PGliteDialect>[0],
    private readonly limitMs = CONNECTION_WAIT_LIMIT_MS,
  ) {
    super(client);
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    const release = driver.releaseConnection.bind(driver);
    driver.acquireConnection = () =>
      new Promise<DatabaseConnection>((resolve, reject) => {
        let timedOut = false;
        const timer = setTimeout(() => {
          timedOut = true;
          reject(
            new Error(
              `Waited ${this.limitMs / 1000} s for the database connection: a query outside a ` +
                'transaction was probably made while that transaction held the connection',
            ),
          );
        }, this.limitMs);
        acquire().then(
          (connection) => {
            clearTimeout(timer);
            // The caller gave up; hand the connection straight on so the queue keeps moving.
            if (timedOut) void release(connection);
            else resolve(connection);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
    return driver;
  }
}
