import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Tests need only the React plugin and the alias, not the dev proxy or build options.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    css: false,
    // Typing into Mantine inputs in jsdom takes seconds on a loaded shared machine; a test's
    // budget is about hanging, not speed (speed is measured in bench/).
    testTimeout: 20_000,
    // The set-up loads every lazy screen once per file, which takes longer than a test on a cold,
    // loaded machine.
    hookTimeout: 60_000,
  },
});
