import { createFileRoute } from '@tanstack/react-router';
import { SignInLinkScreen } from '../auth/sign-in-link';
import { parseSignInLinkSearch } from '../auth/verify-search';

/** The page a mailed sign-in link opens (functions/accounts/sign-in-links.ts `signInLink`). */
export const Route = createFileRoute('/sign-in-link')({ validateSearch: parseSignInLinkSearch, component: SignInLinkPage });

function SignInLinkPage() {
  return <SignInLinkScreen token={Route.useSearch().token} />;
}
