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
  try {
    const single = metrics.singleMetric();
    single.addDimension(PROCESSOR_DIMENSION, processor);
    single.addMetric(processorMetricNames.lagSeconds, MetricUnit.Seconds, batch.lagSeconds);
    single.addMetric(processorMetricNames.lagEvents, MetricUnit.Count, batch.lagEvents);
    single.addMetric(processorMetricNames.handled, MetricUnit.Count, batch.handled);
    single.addMetric(processorMetricNames.deadLettered, MetricUnit.Count, batch.deadLettered);
  } catch (error) {
    // Metrics never fail the work they describe.
    logger.warn('processor metrics not published', { processor, error: error as Error });
  }
}
