import path from 'node:path';

import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { migrate } from './db/migrate.js';
import { loadOrCreateSecret } from './lib/secrets.js';

const config = loadConfig();
const releaseLock = lockDataDir(config.DATA_DIR);
const database = await openDatabase({
  url: config.DATABASE_URL ?? path.join(config.DATA_DIR, 'pgdata'),
});
await migrate(database.db);

const app = await buildApp({
  config,
  db: database.db,
  tokenSigningKey: loadOrCreateSecret(config.DATA_DIR, 'token-signing-key'),
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await app.close();
    await database.close();
  } finally {
    releaseLock();
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `Parser is running on http://localhost:${config.PORT} (database: ${database.kind}, data: ${config.DATA_DIR})`,
  );
} catch (error) {
  app.log.error(error);
  releaseLock();
  process.exit(1);
}
