import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroups } from './web/build/chunk-groups.js';
import { prerender } from './web/build/prerender.js';
import { routePreload } from './web/build/route-preload.js';
import { PHOTO_CACHE, PHOTO_MAX_ENTRIES, photoBytesBudget } from './web/pwa/photo-cache.js';

const here = import.meta.dirname;
// `vite` dev runs against a running `npm start` (the local API).
const apiUrl = process.env.API_URL ?? 'http://localhost:3000';
const chunks = chunkGroups();

/**
 * The persisted query cache's buster (web/offline/cache/persist.ts): a hash of the API's answer
 * shapes (contract/), so a build whose answers changed drops what older builds stored, and a build
 * that changed only the app keeps a person's offline data across the update.
 */
const contractDir = resolve(here, 'contract');
const queryCacheBuster = createHash('sha256')
  .update(readdirSync(contractDir).filter((name) => name.endsWith('.ts') && !name.includes('.spec.')).sort().map((name) => readFileSync(resolve(contractDir, name), 'utf8')).join('\0'))
  .digest('hex')
  .slice(0, 12);

export default defineConfig({
  root: resolve(here, 'web'),
  define: { __QUERY_CACHE_BUSTER__: JSON.stringify(queryCacheBuster) },
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
    // Issue 32: /login and the other signed-out pages as HTML that draws before any script.
    prerender({ configFile: resolve(here, 'vite.config.ts') }),
    // Issue 29: the installable app that opens with no signal (web/pwa/).
    VitePWA({
      strategies: 'generateSW',
      // A new version waits until the person presses Reload (web/pwa/update-bar.tsx): never a silent half-update.
      registerType: 'prompt',
      // Registered by the app itself, after the first paint (web/pwa/register.ts), not by a script in index.html.
      injectRegister: null,
      manifest: {
        name: 'Construction Checklist',
        short_name: 'Checklist',
        description: 'A renovation job followed together by the contractor and the client.',
        // The light theme's header (white) and page (gray-50); index.html's theme-color metas add the
        // dark header's gray-900 (no comment there: index.html stays under 1 KB, sent uncompressed).
        theme_color: '#ffffff',
        background_color: '#f9fafb',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell and every hashed file: a page opened offline finds its lazy pieces too.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The routes' code is split in many files; none is near Workbox's 2 MB default, but the PDF's is large.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        cleanupOutdatedCaches: true,
        // The first visit's page is controlled once the worker is in, so the photos it shows are cached.
        clientsClaim: true,
        navigateFallback: '/index.html',
        // Never the API, the photos or the WebSocket: only the app's own pages fall back to the shell.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/objects(\/|$)/, /^\/ws(\/|$)/],
        runtimeCaching: [
          {
            // /api/ is never cached (no route: the browser fetches it as if there were no worker).
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/objects/'),
            handler: 'CacheFirst',
            options: {
              cacheName: PHOTO_CACHE,
              expiration: { maxEntries: PHOTO_MAX_ENTRIES, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
              plugins: [photoBytesBudget],
            },
          },
        ],
      },
    }),
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
