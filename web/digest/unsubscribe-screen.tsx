import { callApi } from '../api/call';
import { MailedLinkAction } from '../components/mailed-link-action';

/**
 * The page a decisions digest's unsubscribe link opens (/digest-unsubscribe#token=…, issue 18). It
 * asks before acting: mail scanners open links, and opening one must not unsubscribe anybody. The
 * button posts the token; the answer (or why it failed) is shown.
 */
export function UnsubscribeScreen({ token }: { token: string | undefined }) {
  return (
    <MailedLinkAction
      token={token}
      act={(signed) => callApi('digestUnsubscribe', { body: { token: signed } })}
      title="Unsubscribe from the decisions e-mail"
      description="You get a daily e-mail of the selections due on this project. Stop it?"
      button="Unsubscribe"
      doneTitle="Unsubscribed"
      failedTitle="Could not unsubscribe"
      failedFallback="Could not unsubscribe. Please try again later."
      invalid="The unsubscribe link is not valid"
    />
  );
}
