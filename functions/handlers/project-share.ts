import { NO_CLIENT_EMAIL } from '../../events/projects/project';
import { DomainError } from '../../events/errors';
import { sendInvitationMail } from '../accounts/mailer';
import { storeVerificationToken } from '../accounts/mailed-tokens';
import { INVITATIONS_PER_PROJECT_PER_HOUR, takeHourlyAllowance } from '../accounts/throttle';
import { verificationLink } from '../accounts/verification';
import { signedInUser } from '../accounts/users';
import { displayName } from '../accounts/sign-in';
import { config } from '../config';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { logger } from '../logger';
import { projectDecider } from '../../events/projects/project';
import { inProject, runCommands } from '../commands/run-commands';
import { projectViews } from '../projections/project-views';
import { idParam } from '../projects/params';
import { accessibleSummary } from '../projects/read';
import { httpRoutes } from '../routes';

/**
 * Share with Client: mails the project's client an invitation whose link proves their e-mail and
 * leads to their dashboard. The mail goes first and the ClientInvited event only once SES took
 * it, so the history never claims an invitation that was not sent.
 */
export const handler = httpHandler(httpRoutes.shareWithClient, { params: idParam }, async ({ params, principal, requestId }) => {
  const summary = await accessibleSummary(principal, params.id);
  const email = summary.clientEmail;
  if (!email) return reply(400, { success: false, error: NO_CLIENT_EMAIL, message: NO_CLIENT_EMAIL, fieldErrors: { clientEmail: [NO_CLIENT_EMAIL] } });
  if (!(await takeHourlyAllowance(`invitations:${summary.id}`, INVITATIONS_PER_PROJECT_PER_HOUR))) {
    throw new DomainError('rate_limited', `At most ${INVITATIONS_PER_PROJECT_PER_HOUR} invitations an hour can be sent for a project. Please try again later.`);
  }
  const inviter = await signedInUser(principal.userId);
  const token = await storeVerificationToken({ email, userId: null, projectId: summary.id });
  try {
    await sendInvitationMail(
      { email, clientName: summary.clientName },
      { inviter: displayName(inviter), company: inviter.companyName ?? null, projectName: summary.name, address: summary.address, link: verificationLink(token, email) },
    );
  } catch (error) {
    logger.warn('invitation mail refused', { requestId, projectId: summary.id, error: error as Error });
    return reply(502, { success: false, error: 'Email sending failed', details: (error as Error).message || 'The e-mail service refused the message.' });
  }
  await runCommands(projectDecider, inProject({ projectId: summary.id, tenantId: summary.contractorId }), [{ type: 'inviteClient' }], { by: { principal, requestId }, projection: projectViews });
  return { success: true, clientDashboardUrl: `${config().appUrl}/client-dashboard`, email };
});
