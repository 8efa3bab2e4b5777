import { SESv2Client } from '@aws-sdk/client-sesv2';
import { boundedClient } from './bounded-clients';

/** The SES v2 client, one per Lambda instance, created on first use (see dynamo.ts). */
let sesClient: SESv2Client | undefined;

export const ses = (): SESv2Client => (sesClient ??= boundedClient('ses', (options) => new SESv2Client(options)));
