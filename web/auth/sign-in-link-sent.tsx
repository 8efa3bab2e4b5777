import { MailCheck } from 'lucide-react';
import { signInLinkMessages } from '../../events/accounts/schemas';
import { AuthCard } from '../components/auth-card';
import { buttonClass } from '../components/button';

/** Sign In, once a sign-in link is on its way (issue 18). */
export function SignInLinkSent({ onBack }: { onBack: () => void }) {
  return (
    <AuthCard title="Check Your Email" description={signInLinkMessages.sent}>
      <div className="grid gap-4">
        <MailCheck aria-hidden="true" className="size-10 text-blue-600 dark:text-blue-400" />
        <button type="button" onClick={onBack} className={`${buttonClass.primary} w-full`}>
          Back to Sign In
        </button>
      </div>
    </AuthCard>
  );
}
