import { publishedKeys } from '../audit/audit-key';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { httpRoutes } from '../routes';

/** The public keys that may have signed an audit checkpoint (current and retired), as a JWKS: for anyone to verify with. */
export const handler = httpHandler(httpRoutes.auditKeys, {}, async () =>
  reply(200, await publishedKeys(), { headers: { 'cache-control': 'public, max-age=300' } }),
);
