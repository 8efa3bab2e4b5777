import type { ProcessorName } from '../routes';
import { browserNotifier } from './browser-notifier';
import type { Processor } from './processor';
import { usageMetering } from './usage-metering';

/** Every processor the manifest names (`streamProcessors.processors`), by name: a name without a processor fails to compile. */
export const processors: Readonly<Record<ProcessorName, Processor>> = {
  'browser-notifier': browserNotifier,
  'usage-metering': usageMetering,
};

/** The processor of that name, or undefined (the name came from an operator). */
export const processorNamed = (name: string): Processor | undefined => (Object.hasOwn(processors, name) ? processors[name as ProcessorName] : undefined);
