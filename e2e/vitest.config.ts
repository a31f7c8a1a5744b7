import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['specs/**/*.spec.ts'],
    // One server and one browser per spec file; the CI machine has 2 cores.
    fileParallelism: false,
    testTimeout: 60_000,
    // beforeAll starts the server (up to 60 s to become healthy) and Chromium.
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
  },
});
