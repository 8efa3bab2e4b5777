import { createFileRoute } from '@tanstack/react-router';
import { useMailedLink } from '../auth/mailed-link';
import { UnsubscribeScreen } from '../digest/unsubscribe-screen';

/** The page a decisions digest's unsubscribe link opens (functions/digest/daily-digest.ts `unsubscribeLink`); the token is in the fragment. */
export const Route = createFileRoute('/digest-unsubscribe')({ component: DigestUnsubscribePage });

function DigestUnsubscribePage() {
  const { token } = useMailedLink();
  return <UnsubscribeScreen key={token} token={token} />;
}
