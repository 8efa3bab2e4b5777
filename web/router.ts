import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';

/**
 * The app's router, made the same way for the browser (web/main.tsx) and for the build's render
 * of the signed-out pages (web/prerender.tsx, issue 32), so the HTML the build writes is the HTML
 * the browser's first render hydrates.
 */
export const createAppRouter = (queryClient: QueryClient, history?: RouterHistory) =>
  createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', ...(history ? { history } : {}) });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
