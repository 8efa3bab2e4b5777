import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { boundedClient } from './bounded-clients';

/** The Secrets Manager client (the session key, its rotation), one per Lambda instance, created on first use (see dynamo.ts). */
let secretsClient: SecretsManagerClient | undefined;

export const secrets = (): SecretsManagerClient => (secretsClient ??= boundedClient('secrets', (options) => new SecretsManagerClient(options)));
