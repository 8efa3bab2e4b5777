import { KMSClient } from '@aws-sdk/client-kms';
import { boundedClient } from './bounded-clients';

/** The KMS client (signs audit checkpoints), one per Lambda instance, created on first use (see dynamo.ts). */
let kmsClient: KMSClient | undefined;

export const kms = (): KMSClient => (kmsClient ??= boundedClient('kms', (options) => new KMSClient(options)));
