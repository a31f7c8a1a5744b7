import type { Logger } from 'pino';

import { type ComposedServices, composeServices } from '../composition/compose-services.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { createLogger } from '../observability/logger.js';
import { Metrics } from '../observability/metrics.js';
import type { BlobStorage } from '../storage/blob-storage.js';
import { openStorage } from '../storage/open-storage.js';

import { type ProcessRole, tokenSigningKeyOf } from './process-setup.js';

export interface ProcessServices {
  storage: BlobStorage;
  metrics: Metrics;
  logger: Logger;
  composed: ComposedServices;
}

/**
 * What every Parser process runs on, whatever its role: the configured blob storage, the metrics
 * it serves, its logger and the composed services. An API adds its routes on top (app.ts); a
 * worker runs the services' jobs.
 */
export function startProcessServices(
  config: Config,
  database: DatabaseHandle,
  role: ProcessRole,
): ProcessServices {
  const storage = openStorage(config);
  const metrics = new Metrics({ role });
  const logger = createLogger({ level: config.LOG_LEVEL });
  database.reportLostConnections((error) =>
    logger.warn(
      { err: error },
      'A database connection was closed by the server; the next query opens a new one',
    ),
  );
  const composed = composeServices({
    config,
    db: database.db,
    storage,
    metrics,
    log: logger,
    tokenSigningKey: tokenSigningKeyOf(config),
  });
  return { storage, metrics, logger, composed };
}
