import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) listens here in development; in production it serves dist/ itself.
const apiTarget = 'http://127.0.0.1:8080';
const proxiedPrefixes = ['/api', '/auth', '/health', '/me'];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: Object.fromEntries(
      proxiedPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across releases. Other
        // libraries are not grouped: a group is loaded whole, and the first screen would then
        // download every Mantine component and icon that any lazy screen uses.
        advancedChunks: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
