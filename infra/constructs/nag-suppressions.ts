import { type CfnElement, Stack, Token, Validations } from 'aws-cdk-lib';
import { CfnRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import { Role } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import type { IConstruct } from 'constructs';

/**
 * The findings of cdk-nag's AwsSolutions rules this stack accepts, each with the reason, in one
 * place. Everything else is fixed where it is built; the template test (infra/stack.unit.spec.ts)
 * fails on any finding not listed here.
 */

const basicExecution = 'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole';
/** The managed policy API Gateway's account-wide logging role needs (context `apiGatewayLogsRole`). */
export const apiGatewayLogsPolicy = 'service-role/AmazonAPIGatewayPushToCloudWatchLogs';

/** CDK's own helper functions (deploying the web app, emptying its bucket): built and versioned by CDK, not by us. */
const cdkHelper = /^(Custom::CDKBucketDeployment|Custom::S3AutoDeleteObjects|AWS679f53fac002430cb0da5b7982bd2287|LogRetention)/;

const accept = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });

/** What BucketDeployment's role is granted (aws-cdk-lib's grantRead of the assets bucket, grantReadWrite of the web bucket), as cdk-nag names it. */
function cdkDeploymentGrants(stack: Stack, webBucket: IBucket): string[] {
  const literal = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
  const qualifier = (stack.node.tryGetContext('@aws-cdk/core:bootstrapQualifier') as string | undefined) ?? 'hnb659fds';
  const assets = `arn:<AWS::Partition>:s3:::cdk-${qualifier}-assets-${literal(stack.account, 'AccountId')}-${literal(stack.region, 'Region')}/*`;
  const web = `<${stack.getLogicalId(webBucket.node.defaultChild as CfnElement)}.Arn>/*`;
  return [...['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*'].map((action) => `Action::${action}`), `Resource::${assets}`, `Resource::${web}`, 'Resource::*'].map((finding) => `AwsSolutions-IAM5[${finding}]`);
}

export interface AcceptedFindings {
  webBucket: IBucket;
  uploads: IBucket;
  accessLogs: IBucket;
  /** Closed projects' archives (issue 31). */
  archive: IBucket;
  /** The WebSocket API's logical id and stage, which name the @connections resource. */
  webSocketApi: CfnElement;
  webSocketStageName: string;
  /** The roles CDK grants more to (functions/route-permissions.ts cannot name those calls' resources), and the health probes'. */
  roles: { streamProcessors: IConstruct; sessionKeyRotator: IConstruct; healthProbes: IConstruct };
}

export function suppressAccepted(stack: Stack, { webBucket, uploads, accessLogs, archive, webSocketApi, webSocketStageName, roles }: AcceptedFindings): void {
  // cdk-nag names an IAM finding by the resource as the template writes it (logical ids in <>).
  const literal = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
  const connections = `Resource::arn:<AWS::Partition>:execute-api:${literal(stack.region, 'Region')}:${literal(stack.account, 'AccountId')}:<${stack.getLogicalId(webSocketApi)}>/${webSocketStageName}/*/@connections/*`;
  const bucket = `<${stack.getLogicalId(uploads.node.defaultChild as CfnElement)}.Arn>`;
  // Issue 30: a photo's private original and its thumbnail are named after its served copy.
  const prefixes = ['uploads', 'objects', 'originals', 'thumbnails'].map((prefix) => `Resource::${bucket}/${prefix}/*`);
  const archives = `Resource::<${stack.getLogicalId(archive.node.defaultChild as CfnElement)}.Arn>/archive/*`;
  const tenantExports = `Resource::${bucket}/exports/tenants/*`;

  for (const node of stack.node.findAll()) {
    if (node instanceof CfnRoute) {
      accept(node, 'AwsSolutions-APIG4', "Authorized inside each function by the session cookie (functions/http/handler.ts, the route manifest's access); public routes are public by design");
    } else if (node instanceof Role && node.node.id === 'ApiGatewayLogsRole') {
      accept(node, `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${apiGatewayLogsPolicy}]`, "AWS's own policy for API Gateway's account-wide logging role: it writes API logs only");
    } else if (node instanceof Role) {
      accept(node, `AwsSolutions-IAM4[${basicExecution}]`, 'AWSLambdaBasicExecutionRole only lets a function write its own CloudWatch logs');
      accept(node, `AwsSolutions-IAM5[${connections}]`, 'Connection ids are made per browser at connect time: a function posts to whichever is open');
      for (const prefix of prefixes) accept(node, `AwsSolutions-IAM5[${prefix}]`, 'Pending uploads and published photos (served copies, originals, thumbnails) are random keys under their prefix');
      accept(node, `AwsSolutions-IAM5[${archives}]`, "An archived project's object is named by its tenant and id (archive/<tenant>/<project>.json.gz): reads of any archived project, read-only");
      accept(node, `AwsSolutions-IAM5[${tenantExports}]`, "Offboarding writes a tenant's export under exports/tenants/<tenant>/: the operators' API only");
    } else if (node instanceof Queue) {
      accept(node, 'AwsSolutions-SQS3', 'This queue is the last resort of the stream processors (batches whose own dead letters could not be filed)');
    } else if (node instanceof Distribution) {
      accept(node, 'AwsSolutions-CFR1', 'Contractors and clients may work from any country');
      if (!node.node.tryGetContext('domainName')) accept(node, 'AwsSolutions-CFR4', 'The default *.cloudfront.net certificate cannot require TLS 1.2; give context domainName and certificateArn to have it');
    } else if (cdkHelper.test(node.node.id)) {
      const reason = 'A CDK helper function (deploys the built app into the web bucket): its runtime and role are defined by aws-cdk-lib';
      for (const rule of ['AwsSolutions-L1', `AwsSolutions-IAM4[${basicExecution}]`, ...cdkDeploymentGrants(stack, webBucket)]) accept(node, rule, reason);
    }
  }
  accept(accessLogs, 'AwsSolutions-S1', 'The access log bucket itself: logging it into itself would loop');
  accept(roles.streamProcessors, 'AwsSolutions-IAM5[Resource::*]', 'dynamodb:ListStreams (the events stream consumer, granted by DynamoEventSource) has no resource-level permissions');
  accept(roles.sessionKeyRotator, 'AwsSolutions-IAM5[Resource::*]', 'secretsmanager:GetRandomPassword (granted to every rotation function by CDK) has no resource-level permissions');
  accept(roles.healthProbes, 'AwsSolutions-IAM5[Resource::*]', "ses:ListEmailTemplates (the health check's read-only SES probe) has no resource-level permissions");
  accept(
    stack.node.findChild('OriginSecret'),
    'AwsSolutions-SMG4',
    'CloudFront sends this value as an origin header fixed in the distribution at deploy time: it changes with a deploy, not a rotation (it only vouches for x-viewer-address)',
  );
}
