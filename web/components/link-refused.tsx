import { Link } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { AuthCard } from './auth-card';
import { buttonClass } from './button';

/** What a page opened from a mailed link shows when the link does not work: why, and the way to Sign In. */
export function LinkRefused({ title, message, signInLabel, emphasis = 'primary' }: { title: string; message: string; signInLabel: string; emphasis?: 'primary' | 'secondary' }) {
  return (
    <AuthCard title={title}>
      <div className="grid gap-4">
        <p role="alert" className="flex items-start gap-2 text-sm text-red-700 dark:text-red-400">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{message}</span>
        </p>
        <Link to="/login" className={`${buttonClass[emphasis]} w-full`}>
          {signInLabel}
        </Link>
      </div>
    </AuthCard>
  );
}
