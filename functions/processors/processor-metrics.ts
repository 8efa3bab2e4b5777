import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger } from '../logger';
import { metrics } from '../metrics';

/**
 * The processors' metrics (EMF, the app's namespace), one record per processor and batch with the
 * dimension `Processor`: the stack alarms when a processor's LagSeconds passes 60
 * (infra/constructs/stream-processors.ts) and when anything reaches its dead letters.
 */
export const processorMetricNames = {
  lagSeconds: 'ProcessorLagSeconds',
  lagEvents: 'ProcessorLagEvents',
  handled: 'ProcessorEventsHandled',
  deadLettered: 'ProcessorDeadLetters',
} as const;

export const PROCESSOR_DIMENSION = 'Processor';

/** A processor falling further behind than this (seconds) sets off its alarm. */
export const LAG_ALARM_SECONDS = 60;

export function recordProcessorBatch(processor: string, batch: { lagSeconds: number; lagEvents: number; handled: number; deadLettered: number }): void {
  // One record (added and published with no await between: nothing else's figures slip into it).
  try {
    metrics.addDimension(PROCESSOR_DIMENSION, processor);
    metrics.addMetric(processorMetricNames.lagSeconds, MetricUnit.Seconds, batch.lagSeconds);
    metrics.addMetric(processorMetricNames.lagEvents, MetricUnit.Count, batch.lagEvents);
    metrics.addMetric(processorMetricNames.handled, MetricUnit.Count, batch.handled);
    metrics.addMetric(processorMetricNames.deadLettered, MetricUnit.Count, batch.deadLettered);
    metrics.publishStoredMetrics();
  } catch (error) {
    // Metrics never fail the work they describe.
    logger.warn('processor metrics not published', { processor, error: error as Error });
  }
}
