import { rotateSessionSecret } from '../auth/rotation';
import type { RotationStep } from '../auth/session-rotation';
import { logger } from '../logger';

/** Secrets Manager's rotation event. */
interface RotationEvent {
  SecretId: string;
  ClientRequestToken: string;
  Step: RotationStep;
}

/** The session secret's rotation function (infra/stack.ts schedules it every 30 days). */
export async function handler(event: RotationEvent): Promise<void> {
  logger.info('session key rotation step', { step: event.Step, version: event.ClientRequestToken });
  await rotateSessionSecret(event.SecretId, event.Step, event.ClientRequestToken);
}
