import { SESv2Client } from '@aws-sdk/client-sesv2';
import { requestNotes } from '../request-usage';
import { boundedClient } from './bounded-clients';

/** The SES v2 client, one per Lambda instance, created on first use (see dynamo.ts). */
let sesClient: SESv2Client | undefined;

export const ses = (): SESv2Client => (sesClient ??= countingSends(boundedClient('ses', (options) => new SESv2Client(options))));

/** Each mail sent counts in the tenant's usage of the request that sent it (functions/request-usage.ts). */
function countingSends(client: SESv2Client): SESv2Client {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const output = await next(args);
      const notes = requestNotes();
      if (notes && context.commandName === 'SendEmailCommand') notes.mailsSent++;
      return output;
    },
    { step: 'initialize', name: 'countMailsSent' },
  );
  return client;
}
