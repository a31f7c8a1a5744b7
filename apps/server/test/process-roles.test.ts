import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs an entry point the way `npm run start:api` / `start:worker` do, on the embedded database. */
function runWithoutPostgres(entry: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: '/tmp/parser-roles-unused' };
  delete env.DATABASE_URL;
  return spawnSync(
    process.execPath,
    ['--import', 'tsx/esm', path.join(serverDir, 'src', entry), ...args],
    {
      cwd: serverDir,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
}

describe('separate API and worker processes', () => {
  it.each([
    ['server.ts', ['--api-only'], 'npm run start:api'],
    ['worker.ts', [], 'npm run start:worker'],
  ])('%s %s refuses the embedded database and says what to set', (entry, args, command) => {
    const run = runWithoutPostgres(entry, ...args);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(command);
    expect(run.stderr).toContain('DATABASE_URL=postgres://');
    expect(run.stderr).toContain('npm start');
  });
});
