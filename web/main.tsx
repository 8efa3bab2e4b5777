import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { queryClient } from './query-client';
import { routeTree } from './routeTree.gen';
import './styles.css';

// No `new Function` probe: the Content-Security-Policy allows no eval, and zod works without it.
z.config({ jitless: true });

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element');

createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
