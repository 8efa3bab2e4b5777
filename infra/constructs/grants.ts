import { ArnFormat, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { PUBLISHED_PREFIX, UPLOADS_PREFIX } from '../../functions/objects/object-keys';
import { indexesOf, type TableDefinition } from '../../functions/tables';

/**
 * What the functions may do, named exactly: the item operations they use on the tables and their
 * indexes by name (no `index/*`), the object operations on the two prefixes of the uploads bucket,
 * and sending mail as the one configured identity. CDK's `grantReadWriteData` / `grantReadWrite`
 * grant wildcards (`index/*`, `s3:GetObject*`, `s3:Abort*`) that AWS's own rules flag.
 */

/** Every DynamoDB call the handlers, the notifier and the store make (a transaction is checked per item action). */
const itemActions = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

export function tableData(table: ITable, definition: TableDefinition): PolicyStatement {
  return new PolicyStatement({
    actions: itemActions,
    resources: [table.tableArn, ...indexesOf(definition).map((index) => `${table.tableArn}/index/${index.name}`)],
  });
}

/**
 * Photos (functions/objects/): presigned PUTs and the checks before publishing read and remove
 * pending uploads under `uploads/`; publishing copies to `objects/`. ListBucket, on these prefixes
 * only, makes a missing object a 404 rather than a 403.
 */
export function uploadsAccess(bucket: IBucket): PolicyStatement[] {
  return [
    new PolicyStatement({ actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], resources: [bucket.arnForObjects(`${UPLOADS_PREFIX}*`)] }),
    new PolicyStatement({ actions: ['s3:PutObject', 's3:GetObject'], resources: [bucket.arnForObjects(`${PUBLISHED_PREFIX}*`)] }),
    new PolicyStatement({
      actions: ['s3:ListBucket'],
      resources: [bucket.bucketArn],
      conditions: { StringLike: { 's3:prefix': [`${UPLOADS_PREFIX}*`, `${PUBLISHED_PREFIX}*`] } },
    }),
  ];
}

/** The object-key wildcards above, as cdk-nag names them, for its suppressions. */
export const uploadsPrefixes = (bucket: IBucket): string[] => [bucket.arnForObjects(`${UPLOADS_PREFIX}*`), bucket.arnForObjects(`${PUBLISHED_PREFIX}*`)];

/** Sending as the configured From address: SES checks the address's identity, or its domain's. */
export function sendMailAs(scope: Stack, mailFrom: string): PolicyStatement {
  const address = mailFrom.replace(/^.*<([^>]+)>.*$/, '$1').trim();
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const identity = (name: string) => scope.formatArn({ service: 'ses', resource: 'identity', resourceName: name, arnFormat: ArnFormat.SLASH_RESOURCE_NAME });
  return new PolicyStatement({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: [identity(address), identity(domain)] });
}
