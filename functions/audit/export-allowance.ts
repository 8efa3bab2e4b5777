import { DomainError } from '../../events/errors';
import { takeHourlyAllowance } from '../accounts/throttle';
import { EXPORTS_PER_ACCOUNT_PER_HOUR } from '../limits';

/**
 * Audit and PDF exports each read a whole project (and a PDF runs Chromium): one allowance per
 * account an hour for both, taken before any of that work, so a script looping on Export cannot
 * wear the service down for everyone else.
 */
export async function takeExportAllowance(accountId: string): Promise<void> {
  if (!(await takeHourlyAllowance(`exports:${accountId}`, EXPORTS_PER_ACCOUNT_PER_HOUR))) {
    throw new DomainError('rate_limited', `At most ${EXPORTS_PER_ACCOUNT_PER_HOUR} exports (audit or PDF) an hour can be made per account. Please try again later.`);
  }
}
