import path from 'node:path';

import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { lockDataDir } from './data-dir-lock.js';
import { migrate } from './migrate.js';

const config = loadConfig();
const releaseLock = config.DATABASE_URL ? () => undefined : lockDataDir(config.DATA_DIR);
const database = await openDatabase({
  url: config.DATABASE_URL ?? path.join(config.DATA_DIR, 'pgdata'),
});
try {
  const ran = await migrate(database.db);
  console.log(ran.length ? `Applied ${ran.join(', ')}` : 'The database is up to date');
} finally {
  await database.close();
  releaseLock();
}
