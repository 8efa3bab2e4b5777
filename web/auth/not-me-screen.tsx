import { Link } from '@tanstack/react-router';
import { ShieldAlert } from 'lucide-react';
import { callApi } from '../api/call';
import { buttonClass } from '../components/button';
import { MailedLinkAction } from '../components/mailed-link-action';

/**
 * The page the 'this was not me' link opens (/not-me#token=…, issue 27): the link in the notice
 * of a password or e-mail change. It asks before acting (mail scanners open links); the button
 * ends every session of the account, removes its password and gives back the address the notice
 * was sent to.
 */
export function NotMeScreen({ token }: { token: string | undefined }) {
  return (
    <MailedLinkAction
      token={token}
      act={(value) => callApi('notMe', { body: { token: value } })}
      title="This was not me"
      description="Sign the account out everywhere, remove its password and, if its e-mail was changed, give it back the address this notice was sent to. You then sign in with a link mailed to you, or reset your password."
      button={
        <>
          <ShieldAlert aria-hidden="true" className="size-4" />
          Sign out everywhere
        </>
      }
      doneTitle="Your account is secured"
      done={
        <Link to="/login" className={`${buttonClass.primary} w-full`}>
          Go to Sign In
        </Link>
      }
      failedTitle="Could not secure the account"
      failedFallback="Could not secure the account. Please try again later."
      invalid="This link is invalid, has expired or was already used."
    />
  );
}
