import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { ProjectEventNotice } from '../../contract/notices';
import type { StoredEvent } from '../../events/envelope';
import { parseStreamId } from '../../events/streams';
import { logger } from '../logger';
import { recordNotices } from '../metrics';
import { dropConnection, postToConnections, projectConnections } from './connections';

type ClientOf = (projectId: string) => Promise<string | null | undefined>;

/**
 * For each new event (a record of the events table's stream), tells every browser that has its
 * project open that something happened, so it refetches — only the browsers of people who may
 * still follow the project: a client removed from it (or whose account changed hands) has their
 * open sockets closed instead. A record whose push fails is reported back as a batch item
 * failure and retried; the rest of the batch is not. `clientOf` names a project's currently
 * assigned client.
 */
export async function notifyBrowsers(records: DynamoDBStreamEvent['Records'], clientOf: ClientOf): Promise<DynamoDBBatchResponse> {
  // Grouped by project, so a batch looks up each project's connections once.
  const byProject = new Map<string, { tenantId: string; notices: { notice: ProjectEventNotice; sequenceNumber: string }[] }>();
  for (const record of records) {
    const image = record.dynamodb?.NewImage;
    if (record.eventName !== 'INSERT' || !image) continue;
    const stored = unmarshall(image as Record<string, AttributeValue>) as StoredEvent;
    if (!stored.projectId) continue;
    const notice: ProjectEventNotice = {
      type: parseStreamId(stored.streamId)?.kind === 'chat' ? 'chat_message' : 'project_event',
      projectId: stored.projectId,
      streamId: stored.streamId,
      version: stored.version,
      eventType: stored.type,
    };
    const pending = byProject.get(stored.projectId) ?? { tenantId: stored.tenantId, notices: [] };
    pending.notices.push({ notice, sequenceNumber: record.dynamodb?.SequenceNumber ?? '' });
    byProject.set(stored.projectId, pending);
  }

  const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
  const tally = { delivered: 0, gone: 0 };
  for (const [projectId, { tenantId, notices }] of byProject) {
    let connectionIds: string[];
    try {
      connectionIds = await membersConnections(projectId, tenantId, clientOf);
    } catch (error) {
      logger.error('connection lookup failed', { projectId, error: error as Error });
      failures.push(...notices.map(({ sequenceNumber }) => ({ itemIdentifier: sequenceNumber })));
      continue;
    }
    for (const { notice, sequenceNumber } of notices) {
      try {
        const { sent, gone } = await postToConnections(connectionIds, notice);
        tally.delivered += sent;
        tally.gone += gone;
        logger.debug('notified', { ...notice, sent, gone });
      } catch (error) {
        logger.error('notify failed', { ...notice, error: error as Error });
        failures.push({ itemIdentifier: sequenceNumber });
      }
    }
  }
  recordNotices(tally.delivered, tally.gone, failures.length);
  return { batchItemFailures: failures };
}

/**
 * The project's connections whose user may follow it now: its contractor (the events' tenant,
 * known even once the project is deleted) and its currently assigned client. Any other is closed.
 */
async function membersConnections(projectId: string, contractorId: string, clientOf: ClientOf): Promise<string[]> {
  const [connections, clientId] = await Promise.all([projectConnections(projectId), clientOf(projectId)]);
  // A contractor's connection counts by their company (issue 31: colleagues follow its projects); a removed colleague's were closed with their sessions.
  const isMember = ({ userId, tenantId }: { userId: string; tenantId?: string }) => (tenantId ?? userId) === contractorId || (clientId != null && userId === clientId);
  const outsiders = connections.filter((connection) => !isMember(connection));
  await Promise.all(outsiders.map(({ connectionId }) => dropConnection(connectionId)));
  if (outsiders.length) logger.info('closed sockets of people no longer on the project', { projectId, closed: outsiders.length });
  return connections.filter(isMember).map(({ connectionId }) => connectionId);
}
