import { afterEach, describe, expect, it, vi } from 'vitest';
import { marshall } from '@aws-sdk/util-dynamodb';
import { emfRecords } from '../../tests/support/emf';
import { streamProcessors } from '../routes';

/** What CloudWatch receives from a processor's batch (EMF on stdout), and that every processor the manifest names exists. */

afterEach(() => vi.unstubAllEnvs());


describe('a processor batch', () => {
  it('publishes its lag in seconds and events, what it handled and what it dead-lettered, in the app namespace by Processor', async () => {
    const [record] = await emfRecords(() => import('./processor-metrics'), ({ recordProcessorBatch }) => recordProcessorBatch('usage-metering', { lagSeconds: 2.5, lagEvents: 7, handled: 6, deadLettered: 1 }));
    const definition = record!._aws.CloudWatchMetrics[0];
    expect(definition.Namespace).toBe('ConstructionChecklist');
    expect(definition.Dimensions.flat()).toContain('Processor');
    expect(definition.Metrics.map((metric: { Name: string; Unit: string }) => [metric.Name, metric.Unit])).toEqual([
      ['ProcessorLagSeconds', 'Seconds'],
      ['ProcessorLagEvents', 'Count'],
      ['ProcessorEventsHandled', 'Count'],
      ['ProcessorDeadLetters', 'Count'],
    ]);
    expect(record).toMatchObject({ Processor: 'usage-metering', ProcessorLagSeconds: 2.5, ProcessorLagEvents: 7, ProcessorEventsHandled: 6, ProcessorDeadLetters: 1 });
  });
});

describe('the processors of the manifest', () => {
  it('are each registered under their own name', async () => {
    const { processors } = await import('./registry');
    expect(Object.keys(processors)).toEqual([...streamProcessors.processors]);
    for (const [name, processor] of Object.entries(processors)) expect(processor.name).toBe(name);
  });
});

describe('the records of a stream batch', () => {
  const event = (at: Date) => ({ streamId: 'project#p1', version: 1, eventId: '01J0000000000000000000000A', type: 'ProjectDeleted', schemaVersion: 1, data: { projectId: 'p1' }, tenantId: 't1', meta: { actorId: 'u1', role: 'contractor', displayName: 'Casey', at: at.toISOString(), requestId: 'r1' }, prevHash: '0', hash: '1' });
  const record = (eventName: 'INSERT' | 'REMOVE', at: Date, writtenAt: Date) =>
    ({ eventName, dynamodb: { NewImage: eventName === 'INSERT' ? marshall(event(at)) : undefined, ApproximateCreationDateTime: writtenAt.getTime() / 1000 } }) as never;

  it('are the events appended: not an archive’s deletions, nor a restore putting an old event back', async () => {
    const { appendedEvents } = await import('./stream-records');
    const now = new Date('2026-11-27T04:00:00Z');
    const monthsAgo = new Date('2026-05-01T09:00:00Z');
    const appended = appendedEvents([record('INSERT', now, new Date(now.getTime() + 40_000)), record('REMOVE', monthsAgo, now), record('INSERT', monthsAgo, now)]);
    expect(appended.map((stored) => stored.meta.at)).toEqual([now.toISOString()]);
  });
});
