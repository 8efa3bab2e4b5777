import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { QueryClient } from '@tanstack/react-query';
import { createAppRouter } from './router';

/**
 * The build's render of one signed-out page (web/build/prerender.ts, issue 32): the real route
 * components through the real router, at `path`, in the state a visitor's first render is in
 * before anything is read (no session known, no search or fragment: web/auth/prerendered.ts).
 */
export async function renderPage(path: string): Promise<string> {
  const queryClient = new QueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  return renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
