import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { StoredEvent } from '../../events/envelope';
import { postToConnections, projectConnectionIds } from '../adapters/connections';
import { logger } from '../logger';

/**
 * Fed by the events table's stream. Tells every browser that has the project open that
 * something happened, so it refetches. A record whose push fails is reported back as a batch
 * item failure and retried; the rest of the batch is not.
 */

/**
 * What browsers get: `chat_message` for chat changes (new messages, read receipts: the chat
 * refetches), `project_event` for everything else (the checklist refetches).
 */
export interface ProjectEventNotice {
  readonly type: 'project_event' | 'chat_message';
  readonly projectId: string;
  readonly streamId: string;
  readonly version: number;
  readonly eventType: string;
}

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  // Grouped by project, so a batch looks up each project's connections once.
  const byProject = new Map<string, { notice: ProjectEventNotice; sequenceNumber: string }[]>();
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    if (record.eventName !== 'INSERT' || !image) continue;
    const stored = unmarshall(image as Record<string, AttributeValue>) as StoredEvent;
    if (!stored.projectId) continue;
    const notice: ProjectEventNotice = {
      type: stored.streamId.startsWith('chat#') ? 'chat_message' : 'project_event',
      projectId: stored.projectId,
      streamId: stored.streamId,
      version: stored.version,
      eventType: stored.type,
    };
    const pending = byProject.get(stored.projectId) ?? [];
    pending.push({ notice, sequenceNumber: record.dynamodb?.SequenceNumber ?? '' });
    byProject.set(stored.projectId, pending);
  }

  const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const [projectId, pending] of byProject) {
    let connectionIds: string[];
    try {
      connectionIds = await projectConnectionIds(projectId);
    } catch (error) {
      logger.error('connection lookup failed', { projectId, error: error as Error });
      failures.push(...pending.map(({ sequenceNumber }) => ({ itemIdentifier: sequenceNumber })));
      continue;
    }
    for (const { notice, sequenceNumber } of pending) {
      try {
        const { sent, gone } = await postToConnections(connectionIds, notice);
        logger.debug('notified', { ...notice, sent, gone });
      } catch (error) {
        logger.error('notify failed', { ...notice, error: error as Error });
        failures.push({ itemIdentifier: sequenceNumber });
      }
    }
  }
  return { batchItemFailures: failures };
}
