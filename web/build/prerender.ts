import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, optimize } from '@tailwindcss/node';
import { createServer, type Plugin } from 'vite';

/**
 * Issue 32: the signed-out pages as static HTML, so a first visit on a phone draws the form
 * before any script arrives. After the build is written, the real route components are rendered
 * with react-dom/server (web/prerender.tsx, loaded through Vite so the route files are compiled
 * as the app's are) into the built index.html, once per page, with the CSS the page uses inline
 * (see pageHtml). The app hydrates them (web/main.tsx). Each page is written as `<name>.html`:
 * the gateway (sirv) and CloudFront's function serve it for the extension-less path, and the
 * service worker precaches it (Workbox answers `/login` with `/login.html`; `/login?email=…`
 * offline gets the shell, which the app draws). The page's name is its only route fact here.
 */
const PRERENDERED_PAGES = ['login', 'register', 'forgot-password', 'reset-password', 'verify-email', 'sign-in-link'] as const;

const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/;
const ROOT = '<div id="root"></div>';
const HTML = '<html lang="en">';
const SCRIPT = /\s*<script\b[^>]*><\/script>/g;

/**
 * The page's end. A slow phone paints what it has parsed so far, and the card is centred, so its
 * last lines arriving moved what was drawn (a layout shift, CLS up to 0.25 at 16–32× CPU). So #root
 * shows once the parser has reached the end of the page (PARSED_WHOLE), before the app's
 * stylesheet and scripts, which it does not wait for. Not `<link rel=expect blocking=render>`: it
 * held the first paint for that stylesheet too (Lighthouse /login FCP 1.0 → 1.7 s). A browser
 * without :has() drops the rule and paints as it parses.
 */
const PAGE_END = '<template id="prerendered-end"></template>';
const PARSED_WHOLE = 'body:not(:has(>#prerendered-end))>#root{visibility:hidden}';

/** The class names a page's markup uses: the Tailwind utilities its first paint needs. */
export const classNamesIn = (markup: string): string[] => [...new Set([...markup.matchAll(/\bclass="([^"]*)"/g)].flatMap(([, names = '']) => names.split(/\s+/)).filter(Boolean))];

/**
 * index.html with `markup` in #root; in <head> only the CSS that markup uses (`css`: a <link>
 * would hold the first paint for one more round trip, and the app's whole stylesheet, inline, cost
 * a phone's first style pass 5 times the rules); the app's stylesheet itself after the page, where
 * it holds nothing up, for the pages the app draws next; the system's theme until the app knows
 * the person's (SYSTEM_DARK); and the scripts after the page (deferred or async either way),
 * asked for last.
 */
export function pageHtml(shell: string, markup: string, css: string): string {
  const stylesheet = STYLESHEET.exec(shell)?.[0];
  if (!stylesheet || !shell.includes(ROOT) || !shell.includes(HTML)) throw new Error('index.html is not the shell web/build/prerender.ts expects');
  const scripts = shell.match(SCRIPT)?.join('') ?? '';
  return shell
    .replace(SCRIPT, '')
    .replace(HTML, '<html lang="en" data-theme="system">')
    .replace(stylesheet, () => `<style>${PARSED_WHOLE}${css}</style>`)
    .replace(ROOT, () => `<div id="root">${markup}</div>${PAGE_END}${stylesheet}${scripts}`);
}

const CLASS_DARK = '@custom-variant dark (&:where(.dark, .dark *));';
/**
 * No script sets the `dark` class before a prerendered page paints: the page comes with
 * <html data-theme="system"> and its own CSS follows the system's theme while that is there (the
 * app's ThemeProvider removes it as it sets the class). The app's own stylesheet stays class-only;
 * it comes after the page's CSS and repeats its plain utilities (`bg-gray-50`), so these rules
 * weigh one attribute more (:is, not :where) to win over them.
 */
const SYSTEM_DARK = `@custom-variant dark {
  &:where(.dark, .dark *) { @slot; }
  @media (prefers-color-scheme: dark) { &:is([data-theme='system'], [data-theme='system'] *) { @slot; } }
}
@media (prefers-color-scheme: dark) { html[data-theme='system'] { color-scheme: dark; } }`;

/** The app's stylesheet (web/styles.css) compiled by Tailwind for the given class names only, dark as the system's until the app knows the person's theme. */
async function cssCompiler(root: string): Promise<(classNames: string[]) => string> {
  const source = readFileSync(join(root, 'styles.css'), 'utf8');
  if (!source.includes(CLASS_DARK)) throw new Error(`web/styles.css no longer declares ${CLASS_DARK}: update web/build/prerender.ts`);
  const compiler = await compile(source.replace(CLASS_DARK, SYSTEM_DARK), { base: root, onDependency: () => undefined });
  return (classNames) => optimize(compiler.build(classNames), { minify: true }).code;
}

export function prerender({ configFile }: { configFile: string }): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'cc-prerender',
    apply: 'build',
    configResolved: (config) => {
      outDir = config.build.outDir;
      root = config.root;
    },
    // Before vite-plugin-pwa's closeBundle, so the service worker's precache lists the pages.
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const server = await createServer({ configFile, mode: 'production', logLevel: 'error', server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom' });
        try {
          const { renderPage } = (await server.ssrLoadModule('/prerender.tsx')) as { renderPage: (path: string) => Promise<string> };
          const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
          const cssFor = await cssCompiler(root);
          for (const page of PRERENDERED_PAGES) {
            const markup = await renderPage(`/${page}`);
            writeFileSync(join(outDir, `${page}.html`), pageHtml(shell, markup, cssFor(classNamesIn(markup))));
          }
        } finally {
          await server.close();
        }
      },
    },
  };
}
