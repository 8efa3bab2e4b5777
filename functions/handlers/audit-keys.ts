import type { AuditKeys } from '../../contract/audit';
import { publishedKeys } from '../audit/audit-key';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { httpRoutes } from '../routes';

/** The public keys that may have signed an audit checkpoint (current and retired), as a JWKS: for anyone to verify with. */
export const handler = httpHandler(httpRoutes.auditKeys, {}, async () =>
  // Every published key is an EC P-256 key (audit-key.ts): jose's JWK type leaves `kty` optional.
  reply(200, (await publishedKeys()) as AuditKeys, { headers: { 'cache-control': 'public, max-age=300' } }),
);
