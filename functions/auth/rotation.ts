import { DescribeSecretCommand, GetSecretValueCommand, PutSecretValueCommand, ResourceNotFoundException, UpdateSecretVersionStageCommand } from '@aws-sdk/client-secrets-manager';
import { secrets } from '../adapters/secrets';
import { rotationStep, type RotationStep, type SecretVersions } from './session-rotation';

/** The session secret's versions and stages, in Secrets Manager. */
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

/** One step of a Secrets Manager rotation of the session secret `secretId` (see rotationStep). */
export const rotateSessionSecret = (secretId: string, step: RotationStep, versionId: string): Promise<void> => rotationStep(versionsOf(secretId), step, versionId);
