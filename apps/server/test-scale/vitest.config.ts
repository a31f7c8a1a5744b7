import { defineConfig } from 'vitest/config';

// `npm run test:scale`: separate processes on loopback, not part of `npm test`.
export default defineConfig({
  test: {
    environment: 'node',
    root: new URL('.', import.meta.url).pathname,
    include: ['*.test.ts'],
    testTimeout: 15 * 60_000,
    hookTimeout: 5 * 60_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
