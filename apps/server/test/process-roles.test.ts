import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { productionNodeFlags } from '../../../e2e/support/start-server.js';

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

describe('the node flags of the API process', () => {
  // A young generation large enough that a list request's objects die young: with Node's
  // default, under load they outlive two scavenges, are promoted, and full collections eat the
  // CPU (bench/README.md, list latency).
  it('are set by both start scripts', () => {
    expect(productionNodeFlags('start:api')).toEqual(['--max-semi-space-size=64']);
    // The embedded server also collects the database instance it created or migrated with.
    expect(productionNodeFlags('start')).toEqual([
      ...productionNodeFlags('start:api'),
      '--expose-gc',
    ]);
  });

  it('are the same in the container image and the sample deployment', () => {
    const repoRoot = path.resolve(serverDir, '..', '..');
    const flags = productionNodeFlags('start:api');
    const dockerfile = readFileSync(path.join(repoRoot, 'deploy', 'Dockerfile'), 'utf8');
    const compose = readFileSync(path.join(repoRoot, 'deploy', 'docker-compose.yml'), 'utf8');
    const serverCommands = [...dockerfile.split('\n'), ...compose.split('\n')].filter((line) =>
      line.includes('dist/server.js'),
    );
    expect(serverCommands.length).toBeGreaterThanOrEqual(3);
    for (const command of serverCommands) {
      for (const flag of flags) expect(command).toContain(flag);
    }
  });
});
