import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { chunkGroups } from './web/build/chunk-groups.js';
import { routePreload } from './web/build/route-preload.js';

const here = import.meta.dirname;
// `vite` dev runs against a running `npm start` (the local API).
const apiUrl = process.env.API_URL ?? 'http://localhost:3000';
const chunks = chunkGroups();

export default defineConfig({
  root: resolve(here, 'web'),
  build: {
    outDir: resolve(here, 'dist/web'),
    emptyOutDir: true,
    // Every browser the app supports preloads modules itself: no polyfill in the entry (issue 14).
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: chunks.groupOf, debugName: 'cc-chunk-groups', includeDependenciesRecursively: false }] } } },
  },
  plugins: [
    // Must come before react(): it generates web/routeTree.gen.ts and splits route code.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: resolve(here, 'web/routes'),
      generatedRouteTree: resolve(here, 'web/routeTree.gen.ts'),
      routeFileIgnorePattern: '\\.(spec|test)\\.',
    }),
    react(),
    tailwindcss(),
    chunks.plugin,
    routePreload(),
  ],
  server: {
    proxy: {
      '/api': { target: apiUrl, changeOrigin: true },
      '/objects': { target: apiUrl, changeOrigin: true },
      // The WebSocket API takes only the app's own Origin (issue 12): in dev the page is on Vite's port.
      '/ws': { target: apiUrl, ws: true, changeOrigin: true, headers: { origin: apiUrl } },
    },
  },
});
