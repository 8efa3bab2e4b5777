import { utcDay } from '../../events/projects/decisions';
import { sendDailyDigests } from '../digest/daily-digest';
import { logger } from '../logger';
import { refreshViewGeneration } from '../store/view-generation';

/**
 * The daily decisions digest (issue 18), run by its EventBridge schedule (functions/routes.ts
 * `dailyDigest`). A project whose mail failed makes the run fail (an alarm, and the scheduler's
 * retry, which mails only those not yet sent today).
 */
export const handler = async (): Promise<void> => {
  // A day old, this Lambda's idea of the live read models' generation (issue 31) is read again.
  await refreshViewGeneration();
  const run = await sendDailyDigests(utcDay(new Date()));
  logger.info('daily digest', { ...run });
  if (run.failed) throw new Error(`The daily digest failed for ${run.failed} project(s)`);
};
