import { createFileRoute } from '@tanstack/react-router';
import { useMailedLink } from '../auth/mailed-link';
import { SignInLinkScreen } from '../auth/sign-in-link';

/** The page a mailed sign-in link opens (functions/accounts/sign-in-links.ts `signInLink`); the token is in the fragment. */
export const Route = createFileRoute('/sign-in-link')({ component: SignInLinkPage });

function SignInLinkPage() {
  return <SignInLinkScreen token={useMailedLink().token} />;
}
