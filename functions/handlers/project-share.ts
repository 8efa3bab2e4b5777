import { NO_CLIENT_EMAIL } from '../../events/projects/project';
import { checkpointProject } from '../audit/checkpoints';
import { DomainError } from '../../events/errors';
import { sendInvitationMail } from '../accounts/mailer';
import { newVerificationToken } from '../accounts/mailed-tokens';
import { takeHourlyAllowance } from '../accounts/throttle';
import { INVITATIONS_PER_CONTRACTOR_PER_HOUR, INVITATIONS_PER_PROJECT_PER_HOUR } from '../limits';
import { verificationLink } from '../accounts/verification';
import { preloadedAccount } from '../accounts/users';
import { stateKeys } from '../store/keys';
import { displayName } from '../accounts/sign-in';
import { ServiceUnavailableError } from '../adapters/bounded-clients';
import { config } from '../config';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { logger } from '../logger';
import { projectDecider } from '../../events/projects/project';
import { inProject, runCommands } from '../commands/run-commands';
import { projectViews } from '../projections/project-views';
import { idParam } from '../projects/params';
import { accessibleProject, projectPreload } from '../projects/project-access';
import { httpRoutes } from '../routes';

/**
 * Share with Client: mails the project's client an invitation whose link proves their e-mail and
 * leads to their dashboard. The mail goes first and the ClientInvited event only once SES took
 * it, so the history never claims an invitation that was not sent; the invitation's token is
 * stored in the same transaction as that event, so a mail that failed (or timed out, 503 naming
 * the mail service) leaves nothing behind. The project as shared (the invitation included) is
 * then recorded as a signed audit checkpoint.
 */
export const handler = httpHandler(
  httpRoutes.shareWithClient,
  // The project's summary and head, and the inviter's account, read with the session.
  { params: idParam, preload: (params, _body, { userId }) => [...projectPreload(params), stateKeys.user(userId)] },
  async ({ params, principal, requestId, preloaded }) => {
    const { summary, head } = await accessibleProject(principal, params.id, preloaded.slice(0, 2));
    const email = summary.clientEmail;
    if (!email) return reply(400, { success: false, error: NO_CLIENT_EMAIL, message: NO_CLIENT_EMAIL, fieldErrors: { clientEmail: [NO_CLIENT_EMAIL] } });
    if (!(await takeHourlyAllowance(`invitations:${summary.id}`, INVITATIONS_PER_PROJECT_PER_HOUR))) {
      throw new DomainError('rate_limited', `At most ${INVITATIONS_PER_PROJECT_PER_HOUR} invitations an hour can be sent for a project. Please try again later.`);
    }
    // Across all of the contractor's projects too: each invitation mails an address someone typed.
    if (!(await takeHourlyAllowance(`invitations-contractor:${summary.contractorId}`, INVITATIONS_PER_CONTRACTOR_PER_HOUR))) {
      throw new DomainError('rate_limited', `At most ${INVITATIONS_PER_CONTRACTOR_PER_HOUR} invitations an hour can be sent across all your projects. Please try again later.`);
    }
    const { user: inviter } = preloadedAccount(preloaded.slice(2));
    const { token, write: storeToken } = newVerificationToken({ email, userId: null, projectId: summary.id });
    try {
      await sendInvitationMail(
        { email, clientName: summary.clientName },
        { inviter: displayName(inviter), company: inviter.companyName ?? null, projectName: summary.name, address: summary.address, link: verificationLink(token, email) },
      );
    } catch (error) {
      if (error instanceof ServiceUnavailableError) throw error;
      logger.warn('invitation mail refused', { requestId, projectId: summary.id, error: error as Error });
      return reply(502, { success: false, error: 'Email sending failed', details: (error as Error).message || 'The e-mail service refused the message.' });
    }
    await runCommands(projectDecider, inProject({ projectId: summary.id, tenantId: summary.contractorId }), [{ type: 'inviteClient' }], { by: { principal, requestId }, projection: projectViews, head, writes: [storeToken] });
    await checkpointProject(summary.id, 'share');
    return { success: true, clientDashboardUrl: `${config().appUrl}/client-dashboard`, email };
  },
);
