import { ArnFormat, type CfnElement, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { envNames } from '../functions/config';
import { httpRoutes, operatorApi } from '../functions/routes';
import { eventsTable, keysTable, stateTable } from '../functions/tables';
import { AlarmTopic } from './constructs/alarms';
import { apiGatewayAccountLogging } from './constructs/api-stages';
import { buildStreamProcessors } from './constructs/stream-processors';
import { buildBuckets } from './constructs/buckets';
import { OperationsDashboard } from './constructs/dashboard';
import { FunctionRoles, type FunctionSetup } from './constructs/function-roles';
import type { GrantTargets } from './constructs/grants';
import { buildHttpApi, serveHttpRoutes } from './constructs/http-api';
import { MonitoringStack } from './constructs/monitoring-stack';
import { OperatorApiStack } from './constructs/operator-api';
import { suppressAccepted } from './constructs/nag-suppressions';
import { rotateSessionKey, scheduleDailyDigest } from './constructs/scheduled-functions';
import { buildSecrets } from './constructs/secrets';
import { Site } from './constructs/site';
import { buildTables } from './constructs/tables';
import { buildWebSocketApi, serveWebSocketRoutes, webSocketStageName } from './constructs/websocket-api';

export { webSocketStageName };

/** Configuration only the local cloud sets; in AWS these stay unset (defaults: mode `aws`, real S3). */
export const localOnlyConfig = ['mode', 's3Compatible', 'chromiumPath', 'auditSigningKey', 'sessionSecret', 'personKeysWrappingKey', 'passwordHashCost'] as const satisfies ReadonlyArray<keyof typeof envNames>;
/** Every other config key must get a value below (a new key in `envNames` fails type-checking here). */
type AwsConfigKey = Exclude<keyof typeof envNames, (typeof localOnlyConfig)[number]>;
export const defaultMailFrom = 'no-reply@example.com';
/** The Chromium build @sparticuz/chromium-min 147 expects, for arm64 Lambdas (context `chromiumPackUrl` to host your own copy). */
export const defaultChromiumPackUrl = 'https://github.com/Sparticuz/chromium/releases/download/v147.0.0/chromium-v147.0.0-pack.arm64.tar';

/**
 * Construction Checklist in AWS: DynamoDB tables from `functions/tables.ts`, one Lambda per handler
 * module and one HTTP API route per entry of `functions/routes.ts`, the WebSocket API, the stream processors on the events stream,
 * the uploads bucket, the web app behind CloudFront, and the alarms (a nested stack: MonitoringStack).
 */
export interface ConstructionChecklistStackProps extends StackProps {
  /** The CloudFront web ACL (EdgeStack, in us-east-1). */
  readonly webAclArn?: string;
}

export class ConstructionChecklistStack extends Stack {
  /** The alarms' nested stack. */
  readonly monitoring: MonitoringStack;
  /** The operators' API (issue 31), nested. */
  readonly operator: OperatorApiStack;

  constructor(scope: Construct, id: string, props: ConstructionChecklistStackProps = {}) {
    super(scope, id, props);

    // --- Data -------------------------------------------------------------------------------
    const builtTables = buildTables(this);
    const events = builtTables.get(eventsTable.name)!;
    const state = builtTables.get(stateTable.name)!;
    const keys = builtTables.get(keysTable.name)!;
    const { accessLogs, uploads, archive } = buildBuckets(this);
    const { sessionSecret, originSecret, auditKey, personKeysKey } = buildSecrets(this);

    // --- APIs (the WebSocket API first: every function gets its management endpoint) ----------
    const { webSocketApi, webSocketStage, managementEndpoint: wsManagementEndpoint, connectionsArn } = buildWebSocketApi(this);
    const httpApi = buildHttpApi(this);
    apiGatewayAccountLogging(this);

    // --- Web app and CDN -----------------------------------------------------------------------
    const site = new Site(this, 'Site', {
      httpApi,
      webSocketApi,
      webSocketStageName,
      uploadsBucket: uploads,
      originSecret: originSecret.secretValue.unsafeUnwrap(),
      accessLogsBucket: accessLogs,
      webAclArn: props.webAclArn,
    });

    // Links in e-mails point here: the CloudFront address, or a custom domain given as context.
    const appUrl = String(this.node.tryGetContext('appUrl') ?? `https://${site.distribution.distributionDomainName}`);

    const settings: Record<AwsConfigKey, string> = {
      eventsTable: events.tableName,
      stateTable: state.tableName,
      uploadsBucket: uploads.bucketName,
      mailFrom: String(this.node.tryGetContext('mailFrom') ?? defaultMailFrom),
      wsManagementEndpoint,
      appUrl,
      // Read at run time and rotated (functions/auth/session-keys.ts): never in the environment.
      sessionSecretArn: sessionSecret.secretArn,
      originSecret: originSecret.secretValue.unsafeUnwrap(),
      chromiumPackUrl: String(this.node.tryGetContext('chromiumPackUrl') ?? defaultChromiumPackUrl),
      auditKmsKeyId: auditKey.keyArn,
      keysTable: keys.tableName,
      personKeysKmsKeyId: personKeysKey.keyArn,
      auditRetiredKeys: String(this.node.tryGetContext('auditRetiredKeys') ?? '{"keys":[]}'),
      // Only functions that declare `cdn` may invalidate it (functions/route-permissions.ts).
      cdnDistributionId: site.distribution.distributionId,
      archiveBucket: archive.bucketName,
      archiveAfterDays: String(this.node.tryGetContext('archiveAfterDays') ?? 180),
    };
    const environment = Object.fromEntries(
      Object.entries(settings).map(([key, value]) => [envNames[key as AwsConfigKey], value]),
    );

    // --- Functions, each with the role its handler declares (functions/route-permissions.ts) ----
    const grantTargets: GrantTargets = {
      tables: { events, state, keys },
      definitions: { events: eventsTable, state: stateTable, keys: keysTable },
      uploads,
      mailFrom: settings.mailFrom,
      connectionsArn,
      sessionSecretArn: sessionSecret.secretArn,
      personKeysKeyArn: personKeysKey.keyArn,
      auditKeyArn: auditKey.keyArn,
      archive,
      distributionArn: this.formatArn({ service: 'cloudfront', region: '', resource: 'distribution', resourceName: site.distribution.distributionId, arnFormat: ArnFormat.SLASH_RESOURCE_NAME }),
    };
    const roles = new FunctionRoles(this, grantTargets);
    const setup: FunctionSetup = { environment, roles };
    const routeFunctions = [...serveHttpRoutes(this, httpApi, setup), ...serveWebSocketRoutes(this, webSocketApi, setup)];
    const streamProcessors = buildStreamProcessors(this, events, setup);
    const sessionKeyRotator = rotateSessionKey(this, sessionSecret, roles);
    // Every function of ours, for its error alarm.
    const functions = [...routeFunctions, streamProcessors.fn, sessionKeyRotator, scheduleDailyDigest(this, setup)];

    // --- Alarms (a nested stack: see MonitoringStack) and the dashboard -------------------------
    const alarmTopic = new AlarmTopic(this, 'Alarms', { email: this.node.tryGetContext('alarmEmail') as string | undefined });
    // The operators' API (issue 31): a nested stack (its function's errors alarm there), IAM-authorised, never behind CloudFront.
    const operator = (this.operator = new OperatorApiStack(this, 'Operator', { handler: operatorApi.handler, setup, sweepSchedule: operatorApi.sweepSchedule, topic: alarmTopic.topic }));
    this.monitoring = new MonitoringStack(this, 'Monitoring', { topic: alarmTopic.topic, httpApi, functions, tables: builtTables, deadLetterQueue: streamProcessors.deadLetterQueue });
    // The dashboard stays here: its fixed name would make a move fail on a deployed stack (CloudFormation
    // creates the nested one before deleting this one, and the name is taken). One resource.
    new OperationsDashboard(this, 'Operations', { httpApi, tables: [...builtTables].map(([name, table]) => ({ name, table })), deadLetterQueue: streamProcessors.deadLetterQueue });

    suppressAccepted(this, {
      webBucket: site.webBucket,
      uploads,
      accessLogs,
      archive,
      webSocketApi: webSocketApi.node.defaultChild as CfnElement,
      webSocketStageName,
      roles: { streamProcessors: streamProcessors.fn.role!, sessionKeyRotator: sessionKeyRotator.role!, healthProbes: roles.for(httpRoutes.health.handler) },
    });

    // --- Outputs -------------------------------------------------------------------------------
    new CfnOutput(this, 'SiteUrl', { value: `https://${site.distribution.distributionDomainName}` });
    new CfnOutput(this, 'DistributionId', { value: site.distribution.distributionId });
    new CfnOutput(this, 'HttpApiUrl', { value: httpApi.apiEndpoint });
    new CfnOutput(this, 'WebSocketUrl', { value: webSocketStage.url });
    new CfnOutput(this, 'SiteWebSocketUrl', { value: `wss://${site.distribution.distributionDomainName}/ws` });
    new CfnOutput(this, 'WebSocketManagementEndpoint', { value: wsManagementEndpoint });
    new CfnOutput(this, 'EventsTableName', { value: events.tableName });
    new CfnOutput(this, 'StateTableName', { value: state.tableName });
    new CfnOutput(this, 'WebBucketName', { value: site.webBucket.bucketName });
    new CfnOutput(this, 'UploadsBucketName', { value: uploads.bucketName });
    new CfnOutput(this, 'ArchiveBucketName', { value: archive.bucketName });
    new CfnOutput(this, 'AuditSigningKeyArn', { value: auditKey.keyArn });
    new CfnOutput(this, 'StreamProcessorsDeadLetterQueueUrl', { value: streamProcessors.deadLetterQueue.queueUrl });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarmTopic.topic.topicArn });
    // `npm run tenant -- --url <this>` (signed with the operator's AWS credentials).
    new CfnOutput(this, 'OperatorApiUrl', { value: operator.api.apiEndpoint });
  }
}
