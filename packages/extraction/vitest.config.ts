import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // OCR tests load the PP-OCR models and recognise whole pages: seconds, not milliseconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
