import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PlanName } from '../../events/tenants/plans';
import { dynamo } from '../../functions/adapters/dynamo';
import { config } from '../../functions/config';
import { changeTenantPlan } from '../../functions/operator/tenant-actions';
import { stateKeys } from '../../functions/store/keys';

/** Tenants for tests (issue 31): a plan set as an operator sets it (an event naming the operator), and the record as stored. */

export const onPlan = (tenantId: string, plan: PlanName) => changeTenantPlan(tenantId, plan, { name: 'tests' }, `test-${randomUUID()}`);

export async function tenantItem(tenantId: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.tenant(tenantId), ConsistentRead: true }));
  return Item;
}

/**
 * Sets a usage counter as if that much had been used already (a photo library of 5 GB, 19 PDFs
 * today): the tests reach a limit without uploading gigabytes or printing a hundred PDFs.
 */
export async function usedAlready(key: { pk: string; sk: string }, counter: string, value: number): Promise<void> {
  await dynamo().send(new UpdateCommand({ TableName: config().stateTable, Key: key, UpdateExpression: 'SET #c = :v', ExpressionAttributeNames: { '#c': counter }, ExpressionAttributeValues: { ':v': value } }));
}

/** The record as a tenant's made before the counter existed has it: absent. */
export async function forgetCounter(tenantId: string, counter: string): Promise<void> {
  await dynamo().send(new UpdateCommand({ TableName: config().stateTable, Key: stateKeys.tenant(tenantId), UpdateExpression: 'REMOVE #c', ExpressionAttributeNames: { '#c': counter } }));
}
