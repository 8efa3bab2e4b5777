import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribeScreen } from '../digest/unsubscribe-screen';

/** The page a decisions digest's unsubscribe link opens (functions/digest/daily-digest.ts `unsubscribeLink`). */
export const Route = createFileRoute('/digest-unsubscribe')({ validateSearch: parseUnsubscribeSearch, component: DigestUnsubscribePage });

/** The signed token as text (the API takes up to 2,000 characters); here, so the page's code stays out of the main bundle. */
function parseUnsubscribeSearch(search: Record<string, unknown>): { token?: string } {
  return typeof search.token === 'string' && search.token ? { token: search.token.slice(0, 2000) } : {};
}

function DigestUnsubscribePage() {
  return <UnsubscribeScreen token={Route.useSearch().token} />;
}
