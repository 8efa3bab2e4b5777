import './local-environment';
import { parseArgs } from 'node:util';
import { utcDay } from '../events/projects/decisions';
import { isCalendarDate } from '../events/projects/values';
import { sendDailyDigests } from '../functions/digest/daily-digest';

/**
 * `npm run digest:send [-- --day YYYY-MM-DD]`: sends the daily decisions digest now, as its
 * schedule does in AWS (functions/handlers/send-digest.ts): each client of an active project gets
 * the decisions overdue or due within 7 days of the day (today, UTC, by default). A client mailed
 * for that day already is not mailed again. Exit 1 when a project's mail failed.
 */

const { values } = parseArgs({ options: { day: { type: 'string' } } });
if (values.day !== undefined && !isCalendarDate(values.day)) {
  console.error('--day must be a date (YYYY-MM-DD)');
  process.exit(2);
}
const run = await sendDailyDigests(values.day ?? utcDay(new Date()));
console.log(`Digest of ${run.day}: ${run.projects} active project(s) with a client; mailed ${run.mailed}, already mailed that day ${run.alreadySent}, opted out ${run.optedOut}, nothing due ${run.nothingDue}, failed ${run.failed}.`);
process.exit(run.failed ? 1 : 0);
