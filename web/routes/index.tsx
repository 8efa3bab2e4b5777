import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ApiError, apiGet } from '../api/client';

// Placeholder home page: the spec's role switch (login / projects / client dashboard) replaces it.
export const Route = createFileRoute('/')({ component: Home });

interface Health {
  status: 'ok' | 'degraded';
  services: Record<string, { status: 'up' | 'down'; latencyMs?: number; error?: string }>;
}

function isHealth(value: unknown): value is Health {
  return typeof value === 'object' && value !== null && 'services' in value && typeof value.services === 'object';
}

// A degraded API may answer with a non-ok status but still a health body: show it rather than fail.
async function fetchHealth(): Promise<Health> {
  try {
    return await apiGet<Health>('/api/health');
  } catch (err) {
    if (err instanceof ApiError && isHealth(err.body)) return err.body;
    throw err;
  }
}

function Home() {
  const health = useQuery({ queryKey: ['health'], queryFn: fetchHealth });

  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 className="text-3xl font-bold">Construction Checklist</h1>
      <section aria-labelledby="health-heading" className="mt-6 rounded-lg border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
        <h2 id="health-heading" className="text-sm font-semibold uppercase tracking-wide text-gray-500">
          Service status{health.data ? `: ${health.data.status}` : ''}
        </h2>
        {health.isPending ? (
          <div role="status" aria-label="Loading" className="mt-3 size-6 animate-spin rounded-full border-2 border-gray-300 border-t-blue-600" />
        ) : health.isError ? (
          <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
            Could not load the service status ({health.error.message}).
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-gray-100 dark:divide-gray-800">
            {Object.entries(health.data.services).map(([name, service]) => (
              <li key={name} className="flex items-center justify-between py-2 text-sm">
                <span>{name}</span>
                <span className="flex items-center gap-2">
                  {service.latencyMs !== undefined && <span className="text-gray-500">{service.latencyMs} ms</span>}
                  <span
                    title={service.error}
                    className={
                      service.status === 'up'
                        ? 'rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-900 dark:text-green-200'
                        : 'rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800 dark:bg-red-900 dark:text-red-200'
                    }
                  >
                    {service.status}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
