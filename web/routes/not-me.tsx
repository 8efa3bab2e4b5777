import { createFileRoute } from '@tanstack/react-router';
import { useMailedLink } from '../auth/mailed-link';
import { NotMeScreen } from '../auth/not-me-screen';

/** The page a change notice's 'this was not me' link opens (functions/accounts/not-me.ts `notMeLink`); the token is in the fragment. */
export const Route = createFileRoute('/not-me')({ component: NotMePage });

function NotMePage() {
  return <NotMeScreen token={useMailedLink().token} />;
}
