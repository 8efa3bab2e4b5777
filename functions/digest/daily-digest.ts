import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, paginateScan } from '@aws-sdk/lib-dynamodb';
import pMap from 'p-map';
import { daysBefore, openDecisions, type OpenDecision } from '../../events/projects/decisions';
import { displayName } from '../../events/projects/room-naming';
import type { UserRecord } from '../auth/users';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { logger } from '../logger';
import { listChecklist } from '../projects/read';
import { stateKeys } from '../store/keys';
import { getStateItems } from '../store/view-table';
import { sendDigestMail } from './digest-mail';
import { punchAwaitingCheck } from './punch-digest';
import { signUnsubscribeToken } from './unsubscribe-token';

/**
 * The daily decisions digest (issue 18): each active project's client gets one mail listing the
 * project's open selections that are overdue or due in the next 7 days (none due, no mail), unless
 * they opted out of that project's digest. A mail is recorded as sent for the day before it goes,
 * so a second run that day, or the scheduler's retry after a failure, mails no one twice.
 */

export const DIGEST_DAYS_AHEAD = 7;
const PROJECTS_AT_ONCE = 4;
const SCAN_SEGMENTS = 4;

export interface DigestRun {
  readonly day: string;
  readonly projects: number;
  readonly mailed: number;
  readonly alreadySent: number;
  readonly optedOut: number;
  readonly nothingDue: number;
  readonly failed: number;
}

interface ProjectToDigest {
  readonly id: string;
  readonly name: string;
  readonly clientId: string;
  readonly targetCompletionDate?: string | null;
  /** Punch items marked fixed, awaiting the client's check (issue 30). */
  readonly punchFixed?: number;
}

/** Links in the mail: the client's project page, and the unsubscribe page (which posts the token to the API). */
export const clientProjectLink = (projectId: string) => `${config().appUrl}/client-project/${projectId}`;
export const unsubscribeLink = (token: string) => `${config().appUrl}/digest-unsubscribe#token=${encodeURIComponent(token)}`;

/** The decisions of a project a digest of `day` lists: overdue, and due within the next 7 days. */
export function dueDecisions(decisions: readonly OpenDecision[], day: string): { overdue: OpenDecision[]; dueSoon: OpenDecision[] } {
  const horizon = daysBefore(day, -DIGEST_DAYS_AHEAD);
  return {
    overdue: decisions.filter((decision) => decision.overdue),
    dueSoon: decisions.filter((decision) => decision.decideBy !== null && decision.decideBy >= day && decision.decideBy <= horizon),
  };
}

export async function sendDailyDigests(day: string): Promise<DigestRun> {
  const projects = await activeProjectsWithClient();
  const counts = { mailed: 0, alreadySent: 0, optedOut: 0, nothingDue: 0, failed: 0 };
  await pMap(
    projects,
    async (project) => {
      try {
        counts[await digestProject(project, day)]++;
      } catch (error) {
        counts.failed++;
        logger.error('digest failed', { projectId: project.id, error });
      }
    },
    { concurrency: PROJECTS_AT_ONCE },
  );
  return { day, projects: projects.length, ...counts };
}

/** Every active project that has a client account: a scan of the summaries (a daily job's read, in parallel segments). */
async function activeProjectsWithClient(): Promise<ProjectToDigest[]> {
  const found: ProjectToDigest[] = [];
  await Promise.all(
    Array.from({ length: SCAN_SEGMENTS }, async (_, Segment) => {
      const pages = paginateScan(
        { client: dynamo() },
        {
          TableName: config().stateTable,
          Segment,
          TotalSegments: SCAN_SEGMENTS,
          FilterExpression: 'sk = :summary AND #status = :active AND attribute_type(clientId, :string)',
          ProjectionExpression: 'id, #name, clientId, targetCompletionDate, punchFixed',
          ExpressionAttributeNames: { '#status': 'status', '#name': 'name' },
          ExpressionAttributeValues: { ':summary': 'summary', ':active': 'active', ':string': 'S' },
        },
      );
      for await (const page of pages) found.push(...((page.Items ?? []) as ProjectToDigest[]));
    }),
  );
  return found;
}

async function digestProject(project: ProjectToDigest, day: string): Promise<'mailed' | 'alreadySent' | 'optedOut' | 'nothingDue'> {
  const [optOut, client] = await getStateItems<[Record<string, unknown>, UserRecord]>([stateKeys.digestOptOut(project.clientId, project.id), stateKeys.user(project.clientId)]);
  if (optOut || !client?.isActive) return 'optedOut';
  const { rooms, items } = await listChecklist(project.id);
  const decisions = openDecisions(
    rooms.map((room) => ({ name: displayName(room), items: items.get(room.id) ?? [] })),
    project.targetCompletionDate ?? null,
    day,
  );
  const { overdue, dueSoon } = dueDecisions(decisions, day);
  const awaitingCheck = await punchAwaitingCheck(project, rooms);
  if (!overdue.length && !dueSoon.length && !awaitingCheck.length) return 'nothingDue';

  const sent = { TableName: config().stateTable, Key: stateKeys.digestSent(project.id, project.clientId, day) };
  try {
    await dynamo().send(new PutCommand({ TableName: sent.TableName, Item: { ...sent.Key, expiresAt: Math.floor(Date.now() / 1000) + 8 * 24 * 60 * 60 }, ConditionExpression: 'attribute_not_exists(pk)' }));
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return 'alreadySent';
    throw error;
  }
  try {
    const token = await signUnsubscribeToken({ userId: project.clientId, projectId: project.id });
    await sendDigestMail({ to: client, projectName: project.name, overdue, dueSoon, awaitingCheck, projectLink: clientProjectLink(project.id), unsubscribeLink: unsubscribeLink(token) });
  } catch (error) {
    // Not sent: the next run (or the retry) tries again.
    await dynamo().send(new DeleteCommand(sent));
    throw error;
  }
  return 'mailed';
}
