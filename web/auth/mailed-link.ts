import { useEffect, useState } from 'react';

/**
 * The parameters of a link the app mails (reset, sign-in, verification and invitation, digest
 * unsubscribe). The token rides in the fragment (`#token=…`): a browser never sends the fragment,
 * so neither CloudFront's nor the gateway's logs, nor the Referer of anything the page loads, ever
 * hold it. Mail sent before that change has `?token=…`, which still works.
 */
export interface MailedLinkParams {
  token?: string;
  email?: string;
}

/** Long enough for any token the app makes (the digest's signed one is the longest, under 2,000). */
const MAX_LENGTH = 2000;

/** `#token=…&email=…` or `?token=…&email=…` as parameters; empty values count as absent. */
export function mailedLinkParams(encoded: string): MailedLinkParams {
  const values = new URLSearchParams(encoded.replace(/^[#?]/, ''));
  const read = (name: string) => values.get(name)?.slice(0, MAX_LENGTH) || undefined;
  const token = read('token');
  const email = read('email');
  return { ...(token ? { token } : {}), ...(email ? { email } : {}) };
}

/**
 * Reads the opened link's parameters, from the fragment or else the query, then takes them out of
 * the address bar and the history entry, so the token is not left for the next person at the
 * screen or in a bookmark. The router hears the replacement (it wraps `history.replaceState`).
 * `fallback`: what the route's own search says, for a page reached inside the app (Sign In sends
 * the visitor back to /verify-email with the token in its search). Key what holds the token on it:
 * another link opened in the same tab only changes the fragment, and the page stays.
 */
export function useMailedLink(fallback: MailedLinkParams = {}): MailedLinkParams {
  const [params, setParams] = useState(() => {
    // The build's render of the page (web/prerender.tsx) has no address.
    if (typeof window === 'undefined') return fallback;
    const fromFragment = mailedLinkParams(window.location.hash);
    if (fromFragment.token) return fromFragment;
    const fromQuery = mailedLinkParams(window.location.search);
    return fromQuery.token ? fromQuery : fallback;
  });
  useEffect(() => {
    const clear = () => {
      const { pathname, search, hash } = window.location;
      if (search || hash) window.history.replaceState(window.history.state, '', pathname);
    };
    const another = () => {
      const next = mailedLinkParams(window.location.hash);
      if (next.token) setParams(next);
      clear();
    };
    clear();
    window.addEventListener('hashchange', another);
    return () => window.removeEventListener('hashchange', another);
  }, []);
  return params;
}
