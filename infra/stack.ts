import { ArnFormat, type CfnElement, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { CfnStage, HttpApi, HttpMethod, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration, WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { createHash } from 'node:crypto';
import { Effect, PolicyDocument, PolicyStatement, Role, ServicePrincipal, ManagedPolicy } from 'aws-cdk-lib/aws-iam';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { envNames } from '../functions/config';
import { UPLOADS_PREFIX } from '../functions/objects/object-keys';
import { API_BURST_LIMIT, API_REQUESTS_PER_SECOND, PDF_EXPORTS_AT_ONCE } from '../functions/limits';
import { needsOf } from '../functions/route-permissions';
import { browserNotifier, dailyDigest, handlerModulePath, httpRoutes, sessionKeyRotator, webSocketRoutes, type HttpRoute } from '../functions/routes';
import { eventsTable, indexesOf, keysTable, stateTable, tables, type KeyAttribute, type TableDefinition } from '../functions/tables';
import { Alarms } from './constructs/alarms';
import { OperationsDashboard } from './constructs/dashboard';
import { statementsFor, type GrantTargets } from './constructs/grants';
import { apiGatewayLogsPolicy } from './constructs/nag-suppressions';
import { HandlerFunction } from './constructs/handler-function';
import { suppressAccepted } from './constructs/nag-suppressions';
import { Site } from './constructs/site';

export const webSocketStageName = 'prod';

/** Configuration only the local cloud sets; in AWS these stay unset (defaults: mode `aws`, real S3). */
export const localOnlyConfig = ['mode', 's3Compatible', 'chromiumPath', 'auditSigningKey', 'sessionSecret', 'personKeysWrappingKey'] as const satisfies ReadonlyArray<keyof typeof envNames>;
/** Every other config key must get a value below (a new key in `envNames` fails type-checking here). */
type AwsConfigKey = Exclude<keyof typeof envNames, (typeof localOnlyConfig)[number]>;
export const defaultMailFrom = 'no-reply@example.com';
/** The Chromium build @sparticuz/chromium-min 147 expects, for arm64 Lambdas (context `chromiumPackUrl` to host your own copy). */
export const defaultChromiumPackUrl = 'https://github.com/Sparticuz/chromium/releases/download/v147.0.0/chromium-v147.0.0-pack.arm64.tar';

/** A route table's entries by handler module, in manifest order: one Lambda serves each group. */
const byHandler = <R extends { readonly handler: string }>(routes: Record<string, R>): Map<string, [string, R][]> => {
  const groups = new Map<string, [string, R][]>();
  for (const entry of Object.entries(routes)) groups.set(entry[1].handler, [...(groups.get(entry[1].handler) ?? []), entry]);
  return groups;
};

const attributeTypes = { S: AttributeType.STRING, N: AttributeType.NUMBER } as const;
const attribute = (key: KeyAttribute) => ({ name: key.name, type: attributeTypes[key.type] });
/** `Events`, `State`, `Health`, `WsConnect` … for construct ids. */
const pascal = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/**
 * Construction Checklist in AWS: DynamoDB tables from `functions/tables.ts`, one Lambda per handler
 * module and one HTTP API route per entry of `functions/routes.ts`, the WebSocket API, the browser notifier on the events stream,
 * the uploads bucket, and the web app behind CloudFront.
 */
export interface ConstructionChecklistStackProps extends StackProps {
  /** The CloudFront web ACL (EdgeStack, in us-east-1). */
  readonly webAclArn?: string;
}

export class ConstructionChecklistStack extends Stack {
  constructor(scope: Construct, id: string, props: ConstructionChecklistStackProps = {}) {
    super(scope, id, props);

    // --- Data -------------------------------------------------------------------------------
    const builtTables = new Map<string, Table>(
      tables.map((definition) => [definition.name, this.table(definition)]),
    );
    const events = builtTables.get(eventsTable.name)!;
    const state = builtTables.get(stateTable.name)!;
    const keys = builtTables.get(keysTable.name)!;

    // Server access logs of both buckets and CloudFront's standard logs (written with ACLs, hence
    // BUCKET_OWNER_PREFERRED). Kept a year.
    const accessLogs = new Bucket(this, 'AccessLogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ id: 'ExpireAccessLogs', expiration: Duration.days(365) }],
    });

    // Photos: browsers PUT pending uploads to presigned URLs under `uploads/`; published copies
    // under `objects/` are read through CloudFront only (see Site). Nothing here is public.
    const appOrigin = this.node.tryGetContext('appUrl') as string | undefined;
    const uploads = new Bucket(this, 'UploadsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'uploads-bucket/',
      cors: [
        {
          // Browsers send photos as a presigned POST form (its policy caps size and type, issue 27).
          allowedMethods: [HttpMethods.POST],
          // The app's origin when given as context. The default CloudFront address cannot be
          // named here: the distribution has this bucket as an origin, so it exists only after
          // the bucket (a cycle). The signed policy is what lets a POST in anyway.
          allowedOrigins: [appOrigin ? new URL(appOrigin).origin : '*'],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { id: 'AbortIncompleteMultipartUploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Uploads never published; a published photo is a copy under objects/.
        { id: 'ExpireUnpublishedUploads', prefix: UPLOADS_PREFIX, expiration: Duration.days(1) },
      ],
    });
    // CloudFront may read the bucket (Site's origin access), but never a pending upload.
    uploads.addToResourcePolicy(
      new PolicyStatement({
        effect: Effect.DENY,
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [uploads.arnForObjects(`${UPLOADS_PREFIX}*`)],
      }),
    );

    const sessionSecret = new Secret(this, 'SessionSecret', {
      description: 'HS256 key for Construction Checklist session tokens',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    // Sent by CloudFront to both APIs as x-origin-verify: a request without it went around CloudFront
    // and its WAF and is refused; it also marks x-viewer-address as CloudFront's (functions/http/client-address.ts).
    const originSecret = new Secret(this, 'OriginSecret', {
      description: 'Construction Checklist: the x-origin-verify header CloudFront sends to the HTTP API',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });

    // Signs audit checkpoints (functions/audit/): asymmetric, so anyone can verify with the public
    // key (GET /api/audit/keys) and the private half never leaves KMS. Retained: old checkpoints
    // must stay verifiable. To rotate, make a new key and list the old public key in context
    // `auditRetiredKeys` (a JWKS).
    const auditKey = new Key(this, 'AuditSigningKey', {
      description: 'Construction Checklist: signs audit checkpoints (stream heads) as ES256 JWS',
      keySpec: KeySpec.ECC_NIST_P256,
      keyUsage: KeyUsage.SIGN_VERIFY,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Wraps the data keys that seal personal data inside events (functions/people/): erasing a
    // person deletes their wrapped key from the keys table; this key stays, rotated yearly.
    const personKeysKey = new Key(this, 'PersonKeysWrappingKey', {
      description: 'Construction Checklist: wraps the per-person data keys of personal data in events',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // --- WebSocket API (created first: every function gets its management endpoint) ----------
    const webSocketApi = new WebSocketApi(this, 'WebSocketApi', {
      apiName: 'construction-checklist-ws',
    });
    const webSocketStage = new WebSocketStage(this, 'WebSocketStage', {
      webSocketApi,
      stageName: webSocketStageName,
      autoDeploy: true,
    });
    // Built from the api id, region and the literal stage name (not from the stage or route
    // resources), so functions never depend on the routes that depend on them.
    const wsManagementEndpoint = `https://${webSocketApi.apiId}.execute-api.${this.region}.${this.urlSuffix}/${webSocketStageName}`;
    const connectionsArn = this.formatArn({
      service: 'execute-api',
      resource: webSocketApi.apiId,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
      resourceName: `${webSocketStageName}/*/@connections/*`,
    });

    const httpApi = new HttpApi(this, 'HttpApi', { apiName: 'construction-checklist-http' });
    this.accessLogs(httpApi.defaultStage!.node.defaultChild as CfnStage, 'HttpApiAccessLogs', {
      requestId: '$context.requestId',
      ip: '$context.identity.sourceIp',
      requestTime: '$context.requestTime',
      method: '$context.httpMethod',
      routeKey: '$context.routeKey',
      status: '$context.status',
      responseLength: '$context.responseLength',
      integrationLatency: '$context.integrationLatency',
      integrationError: '$context.integrationErrorMessage',
    });
    this.accessLogs(webSocketStage.node.defaultChild as CfnStage, 'WebSocketAccessLogs', {
      requestId: '$context.requestId',
      ip: '$context.identity.sourceIp',
      requestTime: '$context.requestTime',
      eventType: '$context.eventType',
      routeKey: '$context.routeKey',
      connectionId: '$context.connectionId',
      status: '$context.status',
      integrationLatency: '$context.integrationLatency',
      integrationError: '$context.integrationErrorMessage',
    });
    // Stage throttling: a flood that gets past the WAF's per-address limit (many addresses) stops
    // at API Gateway with 429s before it reaches the functions and the tables.
    for (const stage of [httpApi.defaultStage!.node.defaultChild, webSocketStage.node.defaultChild] as CfnStage[]) {
      stage.defaultRouteSettings = { ...(stage.defaultRouteSettings as object), throttlingRateLimit: API_REQUESTS_PER_SECOND, throttlingBurstLimit: API_BURST_LIMIT };
    }

    // API Gateway writes the WebSocket stage's logs only through an account-wide CloudWatch role
    // (one per account and region, shared by every API there): this stack sets it when context
    // `apiGatewayLogsRole` is true, and leaves it to the account's owner otherwise.
    const logsRoleContext = this.node.tryGetContext('apiGatewayLogsRole') as unknown;
    if (logsRoleContext === true || logsRoleContext === 'true') {
      const role = new Role(this, 'ApiGatewayLogsRole', {
        assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
        managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName(apiGatewayLogsPolicy)],
      });
      new CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: role.roleArn });
    }

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
    };
    const environment = Object.fromEntries(
      Object.entries(settings).map(([key, value]) => [envNames[key as AwsConfigKey], value]),
    );

    // --- Each function's role, from what its handler declares (functions/route-permissions.ts) ----
    // and the manifest's auditKey. Route functions whose declarations are equal share one role
    // (equal grants, fewer IAM resources: CloudFormation takes 500 per stack); a function that
    // CDK grants more to (the stream consumer, the rotator) and the scheduled digest get their own.
    const grantTargets: GrantTargets = {
      tables: { events, state, keys },
      definitions: { events: eventsTable, state: stateTable, keys: keysTable },
      uploads,
      mailFrom: settings.mailFrom,
      connectionsArn,
      sessionSecretArn: sessionSecret.secretArn,
      personKeysKeyArn: personKeysKey.keyArn,
      auditKeyArn: auditKey.keyArn,
      distributionArn: this.formatArn({ service: 'cloudfront', region: '', resource: 'distribution', resourceName: site.distribution.distributionId, arnFormat: ArnFormat.SLASH_RESOURCE_NAME }),
    };
    const roles = new Map<string, Role>();
    const roleFor = (handler: string, auditKey?: HttpRoute['auditKey'], own?: string): Role => {
      const needs = needsOf(handler);
      const signature = own ?? createHash('sha256').update(JSON.stringify([Object.entries(needs).sort(), auditKey ?? null])).digest('hex').slice(0, 8);
      const existing = roles.get(signature);
      if (existing) return existing;
      const statements = statementsFor(this, needs, auditKey, grantTargets);
      const role = new Role(this, `FunctionRole${own ?? signature}`, {
        description: own ? `Construction Checklist: ${handler}` : `Construction Checklist: functions that declare ${JSON.stringify(needs)}${auditKey ? ` and use the audit key to ${auditKey}` : ''}`.slice(0, 1000),
        assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
        managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole')],
        // Inline: one resource per role instead of two.
        ...(statements.length ? { inlinePolicies: { declared: new PolicyDocument({ statements }) } } : {}),
      });
      roles.set(signature, role);
      return role;
    };

    // Every function of ours, for its error alarm.
    const functions: HandlerFunction[] = [];
    const track = (fn: HandlerFunction) => (functions.push(fn), fn);

    // --- HTTP API: one Lambda per handler module, one route per manifest entry -----------------
    // A function is named after its first route: functions that serve one route keep their ids
    // (and log groups) from when every route had its own.
    for (const [handler, routes] of byHandler(httpRoutes as Record<string, HttpRoute>)) {
      const [firstName, first] = routes[0]!;
      const differentSize = routes.find(([, route]) => JSON.stringify(route.runtime) !== JSON.stringify(first.runtime));
      if (differentSize) throw new Error(`routes ${firstName} and ${differentSize[0]} share the handler ${handler} but not its sizing (runtime)`);
      const differentKey = routes.find(([, route]) => route.auditKey !== first.auditKey);
      if (differentKey) throw new Error(`routes ${firstName} and ${differentKey[0]} share the handler ${handler} but not its use of the audit key`);
      const fn = track(new HandlerFunction(this, `Http${pascal(firstName)}`, {
        handler,
        description: `route: ${routes.map(([, route]) => `${route.method} ${route.path}`).join(', ')}`,
        environment,
        role: roleFor(handler, first.auditKey),
        memorySize: first.runtime?.memoryMb,
        timeout: first.runtime ? Duration.seconds(first.runtime.timeoutSeconds) : undefined,
        // Chromium renders take seconds and 1.6 GB each: a few at once, so exports cannot take the
        // account's concurrency from every other route.
        reservedConcurrentExecutions: handler === httpRoutes.exportPdf.handler ? PDF_EXPORTS_AT_ONCE : undefined,
      }));
      const integration = new HttpLambdaIntegration(`Http${pascal(firstName)}Integration`, fn);
      for (const [, route] of routes) httpApi.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration });
    }

    for (const [handler, routes] of byHandler(webSocketRoutes)) {
      const [firstKey] = routes[0]!;
      const fn = track(new HandlerFunction(this, `Ws${pascal(firstKey)}`, {
        handler,
        description: `websocket: ${routes.map(([routeKey]) => routeKey).join(', ')}`,
        environment,
        role: roleFor(handler),
        timeout: Duration.seconds(29),
      }));
      const integration = new WebSocketLambdaIntegration(`Ws${pascal(firstKey)}Integration`, fn);
      for (const [routeKey] of routes) webSocketApi.addRoute(routeKey, { integration });
    }

    // --- Browser notifier: the events stream, with retries, bisection and a dead-letter queue ---------
    const browserNotifierDlq = new Queue(this, 'BrowserNotifierDeadLetterQueue', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const browserNotifierFn = track(new HandlerFunction(this, 'BrowserNotifier', {
      handler: browserNotifier.handler,
      description: `browser-notifier: ${handlerModulePath(browserNotifier.handler)}`,
      environment,
      role: roleFor(browserNotifier.handler, undefined, 'BrowserNotifier'),
      timeout: Duration.seconds(60),
      memorySize: 512,
    }));

    // --- The session key's rotation: a new key every 30 days; the previous one verifies until the next ---
    const sessionKeyRotatorFn = track(new HandlerFunction(this, 'SessionKeyRotator', {
      handler: sessionKeyRotator.handler,
      description: `secret-rotation: ${handlerModulePath(sessionKeyRotator.handler)}`,
      environment: {},
      // Its grants on the secret come with the rotation schedule below.
      role: roleFor(sessionKeyRotator.handler, undefined, 'SessionKeyRotator'),
      timeout: Duration.seconds(30),
      memorySize: 256,
    }));
    sessionSecret.addRotationSchedule('Rotation', { rotationLambda: sessionKeyRotatorFn, automaticallyAfter: Duration.days(sessionKeyRotator.everyDays) });
    browserNotifierFn.addEventSource(
      new DynamoEventSource(events, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: browserNotifier.batchSize,
        bisectBatchOnError: true,
        retryAttempts: 10,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(browserNotifierDlq),
      }),
    );

    // --- The daily decisions digest (issue 18): an EventBridge schedule; its own role (it scans the
    // state table, mails as the configured identity, signs unsubscribe links with the session key).
    const dailyDigestFn = track(new HandlerFunction(this, 'DailyDigest', {
      handler: dailyDigest.handler,
      description: `schedule: ${handlerModulePath(dailyDigest.handler)}`,
      environment,
      role: roleFor(dailyDigest.handler, undefined, 'DailyDigest'),
      timeout: Duration.minutes(5),
    }));
    new Rule(this, 'DailyDigestSchedule', {
      description: 'Mails each client the decisions due within 7 days and the overdue ones, daily',
      schedule: Schedule.cron({ hour: dailyDigest.schedule.hour, minute: dailyDigest.schedule.minute }),
      // A failed run is retried: clients mailed that day already are not mailed again.
      targets: [new LambdaFunction(dailyDigestFn, { retryAttempts: 2 })],
    });

    // --- Alarms --------------------------------------------------------------------------------
    const alarms = new Alarms(this, 'Alarms', { email: this.node.tryGetContext('alarmEmail') as string | undefined });
    alarms.onMessagesIn(browserNotifierDlq, 'Browser notices that failed every retry are waiting in the dead-letter queue');
    alarms.onServerErrors(httpApi);
    for (const fn of functions) alarms.onFunctionErrors(fn, fn.node.id);
    alarms.onLambdaThrottles();
    for (const [name, table] of builtTables) alarms.onTableTrouble(table, pascal(name));
    alarms.onNoticeFailures();
    new OperationsDashboard(this, 'Operations', { httpApi, tables: [...builtTables].map(([name, table]) => ({ name, table })), deadLetterQueue: browserNotifierDlq });

    suppressAccepted(this, {
      webBucket: site.webBucket,
      uploads,
      accessLogs,
      webSocketApi: webSocketApi.node.defaultChild as CfnElement,
      webSocketStageName,
      roles: { browserNotifier: browserNotifierFn.role!, sessionKeyRotator: sessionKeyRotatorFn.role!, healthProbes: roleFor(httpRoutes.health.handler) },
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
    new CfnOutput(this, 'AuditSigningKeyArn', { value: auditKey.keyArn });
    new CfnOutput(this, 'BrowserNotifierDeadLetterQueueUrl', { value: browserNotifierDlq.queueUrl });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarms.topic.topicArn });
  }

  /** A stage's access log, one JSON line per request, kept a year. */
  private accessLogs(stage: CfnStage, id: string, fields: Record<string, string>): void {
    const logGroup = new LogGroup(this, id, { retention: RetentionDays.ONE_YEAR, removalPolicy: RemovalPolicy.RETAIN });
    stage.accessLogSettings = { destinationArn: logGroup.logGroupArn, format: JSON.stringify(fields) };
  }

  private table(definition: TableDefinition): Table {
    const table = new Table(this, `${pascal(definition.name)}Table`, {
      partitionKey: attribute(definition.partitionKey),
      sortKey: attribute(definition.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      stream: definition.stream === 'NEW_IMAGE' ? StreamViewType.NEW_IMAGE : undefined,
      timeToLiveAttribute: definition.ttlAttribute,
    });
    for (const index of indexesOf(definition)) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: attribute(index.partitionKey),
        sortKey: attribute(index.sortKey),
        projectionType: ProjectionType.ALL,
      });
    }
    return table;
  }
}
