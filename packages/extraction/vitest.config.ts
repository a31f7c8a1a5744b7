import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // OCR tests start tesseract workers and recognise whole pages: seconds, not milliseconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
