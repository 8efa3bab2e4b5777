import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/** The Secrets Manager client (the session key, its rotation), one per Lambda instance, created on first use (see dynamo.ts). */
let secretsClient: SecretsManagerClient | undefined;

export const secrets = (): SecretsManagerClient => (secretsClient ??= new SecretsManagerClient({}));
