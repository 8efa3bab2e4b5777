import { DescribeSecretCommand, GetSecretValueCommand, PutSecretValueCommand, ResourceNotFoundException, UpdateSecretVersionStageCommand } from '@aws-sdk/client-secrets-manager';
import { secrets } from '../adapters/secrets';
import { rotationStep, type RotationStep, type SecretVersions } from '../auth/session-rotation';
import { logger } from '../logger';

/** Secrets Manager's rotation event. */
interface RotationEvent {
  SecretId: string;
  ClientRequestToken: string;
  Step: RotationStep;
}

const versionsOf = (secretId: string): SecretVersions => ({
  async stages() {
    return (await secrets().send(new DescribeSecretCommand({ SecretId: secretId }))).VersionIdsToStages ?? {};
  },
  async value(versionId, stage) {
    try {
      return (await secrets().send(new GetSecretValueCommand({ SecretId: secretId, VersionId: versionId, VersionStage: stage }))).SecretString;
    } catch (error) {
      if (error instanceof ResourceNotFoundException) return undefined;
      throw error;
    }
  },
  async putPending(versionId, value) {
    await secrets().send(new PutSecretValueCommand({ SecretId: secretId, ClientRequestToken: versionId, SecretString: value, VersionStages: ['AWSPENDING'] }));
  },
  async makeCurrent(versionId, from) {
    await secrets().send(new UpdateSecretVersionStageCommand({ SecretId: secretId, VersionStage: 'AWSCURRENT', MoveToVersionId: versionId, RemoveFromVersionId: from }));
  },
});

/** The session secret's rotation function (infra/stack.ts schedules it every 30 days). */
export async function handler(event: RotationEvent): Promise<void> {
  logger.info('session key rotation step', { step: event.Step, version: event.ClientRequestToken });
  await rotationStep(versionsOf(event.SecretId), event.Step, event.ClientRequestToken);
}
