import { ArnFormat, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { ORIGINALS_PREFIX, PUBLISHED_PREFIX, THUMBNAILS_PREFIX, UPLOADS_PREFIX } from '../../functions/objects/object-keys';
import type { FunctionNeeds } from '../../functions/route-permissions';
import type { HttpRoute } from '../../functions/routes';
import { indexesOf, type TableDefinition } from '../../functions/tables';

/** Where offboarding keeps a tenant's export in the uploads bucket (EXPORTS_PREFIX of functions/operator/tenant-offboarding.ts, which the unit test compares). */
export const TENANT_EXPORTS_PREFIX = 'exports/tenants/';

/**
 * A function's IAM statements, derived from what its handler declares in
 * functions/route-permissions.ts (and the manifest's `auditKey`): the item operations of each
 * level on the tables and their indexes by name (no `index/*`), the object operations on the two
 * prefixes of the uploads bucket, mail as the one configured identity. CDK's `grantReadWriteData`
 * / `grantReadWrite` grant wildcards (`index/*`, `s3:GetObject*`, `s3:Abort*`) that AWS's own
 * rules flag. A transaction is checked per item action, so no TransactWriteItems here.
 */

const dynamo = (...actions: string[]) => actions.map((action) => `dynamodb:${action}`);

/** Each level's DynamoDB actions, including the levels below it. */
const eventsActions = {
  read: dynamo('Query'),
  append: dynamo('Query', 'PutItem'),
  scan: dynamo('Query', 'PutItem', 'Scan'),
  // Issue 31: the operator API's sweep removes an offboarded tenant's events once its grace is over.
  remove: dynamo('Query', 'PutItem', 'Scan', 'DeleteItem', 'BatchWriteItem'),
} as const;
const stateRead = dynamo('GetItem', 'BatchGetItem', 'Query');
const stateRecord = [...stateRead, ...dynamo('PutItem', 'UpdateItem')];
const stateWrite = [...stateRecord, ...dynamo('DeleteItem', 'BatchWriteItem', 'ConditionCheckItem')];
const stateActions = { read: stateRead, record: stateRecord, write: stateWrite, scan: [...stateWrite, ...dynamo('Scan')] } as const;
const keysActions = { open: dynamo('BatchGetItem'), seal: dynamo('BatchGetItem', 'PutItem'), erase: dynamo('BatchGetItem', 'PutItem', 'DeleteItem') } as const;

export interface GrantTargets {
  readonly tables: { readonly events: ITable; readonly state: ITable; readonly keys: ITable };
  readonly definitions: { readonly events: TableDefinition; readonly state: TableDefinition; readonly keys: TableDefinition };
  readonly uploads: IBucket;
  readonly mailFrom: string;
  /** execute-api:ManageConnections on the WebSocket stage's @connections. */
  readonly connectionsArn: string;
  readonly sessionSecretArn: string;
  readonly personKeysKeyArn: string;
  readonly auditKeyArn: string;
  /** The distribution's ARN, for invalidations (`cdn`). */
  readonly distributionArn: string;
  /** Closed projects' archives (issue 31, functions/archive/). */
  readonly archive: IBucket;
}

/** The statements of a function with these needs; `rotate` of the session key is granted by its rotation schedule. */
export function statementsFor(scope: Stack, needs: FunctionNeeds, auditKey: HttpRoute['auditKey'], targets: GrantTargets): PolicyStatement[] {
  const { tables, definitions } = targets;
  const statements: PolicyStatement[] = [];
  const table = (name: keyof GrantTargets['tables'], actions: readonly string[]) => {
    const arn = tables[name].tableArn;
    // Only a Query reaches an index.
    const indexes = actions.includes('dynamodb:Query') ? indexesOf(definitions[name]).map((index) => `${arn}/index/${index.name}`) : [];
    statements.push(new PolicyStatement({ actions: [...actions], resources: [arn, ...indexes] }));
  };
  if (needs.events) table('events', eventsActions[needs.events]);
  if (needs.state) table('state', stateActions[needs.state]);
  if (needs.keys) {
    table('keys', keysActions[needs.keys]);
    // Opening unwraps a person's data key; sealing may wrap a new one.
    statements.push(new PolicyStatement({ actions: needs.keys === 'open' ? ['kms:Decrypt'] : ['kms:Decrypt', 'kms:Encrypt'], resources: [targets.personKeysKeyArn] }));
  }
  if (needs.uploads) statements.push(...uploadsAccess(targets.uploads, needs.uploads));
  if (needs.mail) statements.push(sendMailAs(scope, targets.mailFrom));
  // Issue 31: the rate limiter's buckets and the monthly usage, even from a route that otherwise only reads.
  if (needs.meter) {
    statements.push(
      new PolicyStatement({
        actions: dynamo('UpdateItem'),
        resources: [tables.state.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['rate-bucket#*', 'tenant-usage#*'] } },
      }),
    );
  }
  // Issue 31: an archived project is answered from its archive (read); archiving and restoring are operator tools.
  if (needs.archive === 'read') statements.push(new PolicyStatement({ actions: ['s3:GetObject'], resources: [targets.archive.arnForObjects('archive/*')] }));
  if (needs.archive === 'erase') {
    statements.push(
      new PolicyStatement({ actions: ['s3:GetObject', 's3:DeleteObject'], resources: [targets.archive.arnForObjects('archive/*')] }),
      new PolicyStatement({ actions: ['s3:ListBucket'], resources: [targets.archive.bucketArn], conditions: { StringLike: { 's3:prefix': ['archive/*'] } } }),
    );
  }
  if (needs.connections) statements.push(new PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [targets.connectionsArn] }));
  if (needs.sessionKey === 'read') statements.push(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'], resources: [targets.sessionSecretArn] }));
  if (needs.cdn) statements.push(new PolicyStatement({ actions: ['cloudfront:CreateInvalidation'], resources: [targets.distributionArn] }));
  if (auditKey) statements.push(new PolicyStatement({ actions: auditKey === 'sign' ? ['kms:GetPublicKey', 'kms:Sign'] : ['kms:GetPublicKey'], resources: [targets.auditKeyArn] }));
  if (needs.probes) {
    statements.push(
      new PolicyStatement({ actions: ['dynamodb:DescribeTable'], resources: [tables.events.tableArn, tables.state.tableArn] }),
      // HeadBucket is authorized as s3:ListBucket on the bucket, with no prefix to condition on.
      new PolicyStatement({ actions: ['s3:ListBucket'], resources: [targets.uploads.bucketArn] }),
      // No resource-level permissions for this read-only call (accepted in nag-suppressions.ts).
      new PolicyStatement({ actions: ['ses:ListEmailTemplates'], resources: ['*'] }),
    );
  }
  return statements;
}

/**
 * Photos (functions/objects/): the presigned PUT is signed with the function's own credentials, so
 * it needs PutObject under `uploads/`; publishing reads (HeadObject is GetObject), keeps the
 * original under `originals/`, writes the served copy to `objects/` and its thumbnail to
 * `thumbnails/`, and removes the upload; the photo route reads served copies and thumbnails,
 * never an original; the PDF reads served copies; erasure lists and
 * deletes all four.
 * ListBucket, on the prefixes used only, makes a missing object a 404 rather than a 403.
 */
function uploadsAccess(bucket: IBucket, level: NonNullable<FunctionNeeds['uploads']>): PolicyStatement[] {
  const uploads = bucket.arnForObjects(`${UPLOADS_PREFIX}*`);
  const published = bucket.arnForObjects(`${PUBLISHED_PREFIX}*`);
  const originals = bucket.arnForObjects(`${ORIGINALS_PREFIX}*`);
  const thumbnails = bucket.arnForObjects(`${THUMBNAILS_PREFIX}*`);
  const list = (...prefixes: string[]) =>
    new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn], conditions: { StringLike: { 's3:prefix': prefixes.map((prefix) => `${prefix}*`) } } });
  switch (level) {
    case 'presign':
      return [new PolicyStatement({ actions: ['s3:PutObject'], resources: [uploads] })];
    case 'read':
      return [new PolicyStatement({ actions: ['s3:GetObject'], resources: [published] }), list(PUBLISHED_PREFIX)];
    case 'serve':
      return [new PolicyStatement({ actions: ['s3:GetObject'], resources: [published, thumbnails] }), list(PUBLISHED_PREFIX, THUMBNAILS_PREFIX)];
    case 'publish':
      return [
        new PolicyStatement({ actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], resources: [uploads] }),
        new PolicyStatement({ actions: ['s3:PutObject', 's3:GetObject'], resources: [published, originals, thumbnails] }),
        list(UPLOADS_PREFIX, PUBLISHED_PREFIX, ORIGINALS_PREFIX, THUMBNAILS_PREFIX),
      ];
    case 'erase':
      return [
        new PolicyStatement({ actions: ['s3:DeleteObject'], resources: [uploads, published, originals, thumbnails] }),
        list(UPLOADS_PREFIX, PUBLISHED_PREFIX, ORIGINALS_PREFIX, THUMBNAILS_PREFIX),
      ];
    case 'offboard': {
      // Issue 31: offboarding writes the tenant's export under exports/, then its sweep erases as above.
      const exports = bucket.arnForObjects(`${TENANT_EXPORTS_PREFIX}*`);
      return [
        new PolicyStatement({ actions: ['s3:DeleteObject'], resources: [uploads, published, originals, thumbnails] }),
        new PolicyStatement({ actions: ['s3:PutObject', 's3:GetObject'], resources: [exports] }),
        list(UPLOADS_PREFIX, PUBLISHED_PREFIX, ORIGINALS_PREFIX, THUMBNAILS_PREFIX, TENANT_EXPORTS_PREFIX),
      ];
    }
  }
}

/** Sending as the configured From address: SES checks the address's identity, or its domain's. */
export function sendMailAs(scope: Stack, mailFrom: string): PolicyStatement {
  const address = mailFrom.replace(/^.*<([^>]+)>.*$/, '$1').trim();
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const identity = (name: string) => scope.formatArn({ service: 'ses', resource: 'identity', resourceName: name, arnFormat: ArnFormat.SLASH_RESOURCE_NAME });
  return new PolicyStatement({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: [identity(address), identity(domain)] });
}
