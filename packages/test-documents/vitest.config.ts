import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Generating a corpus renders dozens of PDFs and rasterises scans: seconds, not milliseconds.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
