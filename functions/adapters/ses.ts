import { SESv2Client } from '@aws-sdk/client-sesv2';

/** The SES v2 client, one per Lambda instance, created on first use (see dynamo.ts). */
let sesClient: SESv2Client | undefined;

export const ses = (): SESv2Client => (sesClient ??= new SESv2Client({}));
