import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Plugin } from 'vite';

/**
 * Issue 32: the signed-out pages as static HTML, so a first visit on a phone draws the form
 * before any script arrives. After the build is written, the real route components are rendered
 * with react-dom/server (web/prerender.tsx, loaded through Vite so the route files are compiled
 * as the app's are) into the built index.html, once per page, with the app's stylesheet inlined:
 * a <link> would hold the first paint for one more round trip. The app hydrates them
 * (web/main.tsx). Each page is written as `<name>.html`: the gateway (sirv) and CloudFront's
 * function serve it for the extension-less path, and the service worker precaches it (Workbox
 * answers `/login` with `/login.html`). The page's name is its only route fact here.
 */
export const PRERENDERED_PAGES = ['login', 'register', 'forgot-password', 'reset-password', 'verify-email', 'sign-in-link'] as const;

const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/;
const ROOT = '<div id="root"></div>';

const HTML = '<html lang="en">';
const SCRIPT = /\s*<script\b[^>]*><\/script>/g;

/**
 * index.html with `markup` in #root, the stylesheet it links written inline instead, the system's
 * theme until the app knows the person's (web/styles.css: no script sets it before paint), and its
 * scripts after the page (deferred or async either way): asked for last, none of their bytes
 * shares the phone's first round trips with the page's.
 */
export function pageHtml(shell: string, markup: string, readAsset: (href: string) => string): string {
  const stylesheet = STYLESHEET.exec(shell);
  if (!stylesheet?.[1] || !shell.includes(ROOT) || !shell.includes(HTML)) throw new Error('index.html is not the shell web/build/prerender.ts expects');
  const css = readAsset(stylesheet[1]);
  const scripts = shell.match(SCRIPT)?.join('') ?? '';
  return shell
    .replace(SCRIPT, '')
    .replace(HTML, '<html lang="en" data-theme="system">')
    .replace(stylesheet[0], () => `<style>${css}</style>`)
    .replace(ROOT, () => `<div id="root">${markup}</div>${scripts}`);
}

export function prerender({ configFile }: { configFile: string }): Plugin {
  let outDir = '';
  return {
    name: 'cc-prerender',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    // Before vite-plugin-pwa's closeBundle, so the service worker's precache lists the pages.
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const server = await createServer({ configFile, mode: 'production', logLevel: 'error', server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom' });
        try {
          const { renderPage } = (await server.ssrLoadModule('/prerender.tsx')) as { renderPage: (path: string) => Promise<string> };
          const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
          for (const page of PRERENDERED_PAGES) {
            const markup = await renderPage(`/${page}`);
            writeFileSync(join(outDir, `${page}.html`), pageHtml(shell, markup, (href) => readFileSync(join(outDir, href), 'utf8')));
          }
        } finally {
          await server.close();
        }
      },
    },
  };
}
