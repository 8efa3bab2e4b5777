import type { ShareAnswer, ShareFailure } from '../../contract/projects';
import { DomainError } from '../../events/errors';
import { NO_CLIENT_EMAIL, projectDecider } from '../../events/projects/project';
import { sendInvitationMail } from '../accounts/mailer';
import { newVerificationToken } from '../accounts/mailed-tokens';
import { displayName } from '../accounts/sign-in';
import { takeHourlyAllowance } from '../accounts/throttle';
import { verificationLink } from '../accounts/verification';
import { ServiceUnavailableError } from '../adapters/bounded-clients';
import { checkpointProject } from '../audit/checkpoints';
import type { SignedIn } from '../auth/sessions';
import type { UserRecord } from '../auth/users';
import { inProject, runCommands } from '../commands/run-commands';
import { config } from '../config';
import { INVITATIONS_PER_CONTRACTOR_PER_HOUR, INVITATIONS_PER_PROJECT_PER_HOUR } from '../limits';
import { logger } from '../logger';
import { projectViews } from '../projections/project-views';
import type { ProjectAccess } from '../projects/project-access';

/** Why nothing was shared: the project has no client e-mail (400), or the mail service refused the invitation (502). */
export type ShareRefusal = { readonly noClientEmail: typeof NO_CLIENT_EMAIL } | { readonly mailRefused: ShareFailure };

/**
 * Share with Client: mails the project's client an invitation whose link proves their e-mail and
 * leads to their dashboard. The mail goes first and the ClientInvited event only once SES took
 * it, so the history never claims an invitation that was not sent; the invitation's token is
 * stored in the same transaction as that event, so a mail that failed (or timed out, 503 naming
 * the mail service) leaves nothing behind. The project as shared (the invitation included) is
 * then recorded as a signed audit checkpoint.
 */
export async function shareWithClient(
  caller: { readonly principal: SignedIn; readonly requestId: string },
  { summary, head }: ProjectAccess,
  inviter: () => UserRecord,
): Promise<ShareAnswer | ShareRefusal> {
  const email = summary.clientEmail;
  if (!email) return { noClientEmail: NO_CLIENT_EMAIL };
  if (!(await takeHourlyAllowance(`invitations:${summary.id}`, INVITATIONS_PER_PROJECT_PER_HOUR))) {
    throw new DomainError('rate_limited', `At most ${INVITATIONS_PER_PROJECT_PER_HOUR} invitations an hour can be sent for a project. Please try again later.`);
  }
  // Across all of the contractor's projects too: each invitation mails an address someone typed.
  if (!(await takeHourlyAllowance(`invitations-contractor:${summary.contractorId}`, INVITATIONS_PER_CONTRACTOR_PER_HOUR))) {
    throw new DomainError('rate_limited', `At most ${INVITATIONS_PER_CONTRACTOR_PER_HOUR} invitations an hour can be sent across all your projects. Please try again later.`);
  }
  const from = inviter();
  const { token, write: storeToken } = newVerificationToken({ email, userId: null, projectId: summary.id });
  try {
    await sendInvitationMail(
      { email, clientName: summary.clientName },
      { inviter: displayName(from), company: from.companyName ?? null, projectName: summary.name, address: summary.address, link: verificationLink(token, email) },
    );
  } catch (error) {
    if (error instanceof ServiceUnavailableError) throw error;
    logger.warn('invitation mail refused', { requestId: caller.requestId, projectId: summary.id, error: error as Error });
    return { mailRefused: { success: false, error: 'Email sending failed', details: (error as Error).message || 'The e-mail service refused the message.' } };
  }
  await runCommands(projectDecider, inProject({ projectId: summary.id, tenantId: summary.contractorId }), [{ type: 'inviteClient' }], { by: caller, projection: projectViews, head, writes: [storeToken] });
  await checkpointProject(summary.id, 'share');
  return { success: true, clientDashboardUrl: `${config().appUrl}/client-dashboard`, email };
}
