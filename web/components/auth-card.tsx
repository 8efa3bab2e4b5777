import type { ReactNode } from 'react';

/** The centred card of the signed-out screens (sign in, register, password reset). */
export function AuthCard({ title, description, children, footer }: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-md">
        <p className="mb-6 text-center text-lg font-semibold text-gray-700 dark:text-gray-300">Construction Checklist</p>
        <div className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-800 dark:bg-gray-900">
          <h1 className="text-2xl font-bold">{title}</h1>
          {description && <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{description}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-gray-600 dark:text-gray-400">{footer}</div>}
      </div>
    </main>
  );
}
