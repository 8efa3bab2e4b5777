import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../adapters/aws-clients';
import { config } from '../config';
import { stateKeys } from '../store/keys';
import { getRoomView } from './read';

/**
 * A room is complete when it has items and all are complete. Its counters move by ADD from
 * concurrent item changes, so whether it just became complete is settled here, after the item's
 * commit: flip the room's flag only if its counters still say so, and count the flip once in
 * the project's completedRooms.
 */
export async function settleRoomCompletion(projectId: string, roomId: string, attempts = 5): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const room = await getRoomView(projectId, roomId);
    if (!room) return;
    const complete = room.total > 0 && room.completed === room.total;
    if (complete === room.isComplete) return;
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: config().stateTable,
                Key: stateKeys.projectRoom(projectId, roomId),
                UpdateExpression: 'SET isComplete = :complete',
                ConditionExpression: 'isComplete = :was AND #total = :total AND #completed = :completed',
                ExpressionAttributeNames: { '#total': 'total', '#completed': 'completed' },
                ExpressionAttributeValues: { ':complete': complete, ':was': room.isComplete, ':total': room.total, ':completed': room.completed },
              },
            },
            {
              Update: {
                TableName: config().stateTable,
                Key: stateKeys.projectSummary(projectId),
                UpdateExpression: 'ADD completedRooms :step',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeValues: { ':step': complete ? 1 : -1 },
              },
            },
          ],
        }),
      );
      return;
    } catch (error) {
      // The room moved on meanwhile (or its project went): look again.
      if (!(error instanceof TransactionCanceledException)) throw error;
    }
  }
}
