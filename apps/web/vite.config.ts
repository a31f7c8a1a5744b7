import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

// The API server (apps/server) listens here in development; in production it serves dist/ itself.
const apiTarget = 'http://127.0.0.1:8080';
const proxiedPrefixes = ['/api', '/auth', '/health', '/me'];

export default defineConfig({
  // plugin-react is typed against the hoisted vite 8 (vitest's); the build runs this workspace's vite 7.
  plugins: [react() as unknown as PluginOption],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: Object.fromEntries(
      proxiedPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks: app deploys then do not bust the Mantine/React cache.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (id.includes('@mantine') || id.includes('@floating-ui')) return 'mantine';
          if (id.includes('@tabler')) return 'icons';
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          return 'vendor';
        },
      },
    },
  },
});
