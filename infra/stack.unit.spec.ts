import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, type CfnElement, Stack, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it, vi } from 'vitest';
import { envNames } from '../functions/config';
import { ORIGIN_VERIFY_HEADER } from '../functions/http/client-address';
import { HSTS_MAX_AGE_SECONDS } from '../functions/http/security-headers';
import { UPLOADS_PREFIX } from '../functions/objects/object-keys';
import { API_BURST_LIMIT, API_REQUESTS_PER_SECOND, PDF_EXPORTS_AT_ONCE } from '../functions/limits';
import { needsOf } from '../functions/route-permissions';
import { dailyDigest, handlerModulePath, handlerName, httpRoutes, operatorApi, sessionKeyRotator, streamProcessors, webSocketRoutes, type HttpRoute } from '../functions/routes';
import { eventsTable, indexesOf, keysTable, stateTable, tables, type TableDefinition } from '../functions/tables';
import { HandlerFunction } from './constructs/handler-function';
import { routeGroups } from './constructs/dashboard';
import { EdgeStack, managedRuleGroups, RATE_LIMIT_PER_5_MINUTES } from './edge-stack';
import { repoRoot } from './paths';
import { ConstructionChecklistStack, defaultMailFrom, localOnlyConfig, webSocketStageName } from './stack';

// Each synth takes seconds, more on a machine busy with other tests.
vi.setConfig({ testTimeout: 60_000 });

type Resource = { Type: string; Properties?: Record<string, any>; DependsOn?: string | string[] };

/** The feature flags the CLI would apply, from cdk.json, so tests see the deployed template. */
const cdkContext = (): Record<string, unknown> => {
  const { mailFrom: _mailFrom, ...flags } = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')).context ?? {};
  return flags;
};

/** Bundling skipped: ~1 s instead of ~6 s; one test below bundles for real. */
function synthStack(context: Record<string, unknown> = {}): ConstructionChecklistStack {
  const app = new App({ context: { ...cdkContext(), ...context, 'aws:cdk:bundling-stacks': [] } });
  return new ConstructionChecklistStack(app, 'ConstructionChecklist', {
    env: { account: '123456789012', region: 'eu-west-1' },
  });
}
function synth(context: Record<string, unknown> = {}): Template {
  return Template.fromStack(synthStack(context));
}

/**
 * The alarms' nested stack as CloudFormation deploys it: each of its parameters replaced by what the
 * app's stack passes it (`{ Ref: <function id> }`, …), so assertions name the app's resources.
 */
function monitoringOf(stack: ConstructionChecklistStack, parent: Template): { template: Template; declared: string[]; passed: Record<string, unknown> } {
  const stackId = stack.getLogicalId(stack.monitoring.nestedStackResource as CfnElement);
  const passed = (parent.toJSON().Resources[stackId].Properties.Parameters ?? {}) as Record<string, unknown>;
  const nested = Template.fromStack(stack.monitoring).toJSON();
  const substitute = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(substitute);
    if (!value || typeof value !== 'object') return value;
    const ref = (value as { Ref?: unknown }).Ref;
    if (typeof ref === 'string' && Object.keys(value).length === 1 && ref in passed) return passed[ref];
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, substitute(inner)]));
  };
  return { template: Template.fromJSON({ ...nested, Parameters: {}, Resources: substitute(nested.Resources) }), declared: Object.keys(nested.Parameters ?? {}), passed };
}

const appStack = synthStack();
const template = Template.fromStack(appStack);
const resources = template.toJSON().Resources as Record<string, Resource>;
const monitoring = monitoringOf(appStack, template);

const onlyId = (found: Record<string, unknown>): string => {
  const ids = Object.keys(found);
  expect(ids).toHaveLength(1);
  return ids[0]!;
};
type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };
/** Every statement a function's role allows: its inline policies and the policies attached to it. */
function statementsOf(fnId: string): Statement[] {
  const role = resources[fnId]!.Properties!.Role['Fn::GetAtt'][0] as string;
  const inline = ((resources[role]!.Properties!.Policies ?? []) as Array<{ PolicyDocument: { Statement: Statement[] } }>).flatMap((policy) => policy.PolicyDocument.Statement);
  const attached = Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(`"${role}"`))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
  return [...inline, ...attached];
}
/** A function's KMS grants: the actions its role may use, by the key (resource id) they are granted on. */
function kmsGrantsOf(fnId: string): Map<string, string[]> {
  const grants = new Map<string, string[]>();
  const statements = statementsOf(fnId).filter((statement) => [statement.Action].flat().some((action) => action.startsWith('kms:')));
  for (const statement of statements) {
    const key = (statement.Resource as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt']?.[0] ?? JSON.stringify(statement.Resource);
    grants.set(key, [...(grants.get(key) ?? []), ...[statement.Action].flat()].sort());
  }
  return grants;
}

const httpApiId = onlyId(template.findResources('AWS::ApiGatewayV2::Api', { Properties: { ProtocolType: 'HTTP' } }));
const wsApiId = onlyId(template.findResources('AWS::ApiGatewayV2::Api', { Properties: { ProtocolType: 'WEBSOCKET' } }));
const routeKeysOf = (apiId: string): string[] =>
  Object.values(template.findResources('AWS::ApiGatewayV2::Route', { Properties: { ApiId: { Ref: apiId } } })).map(
    (route) => route.Properties.RouteKey as string,
  );

/** The uploads bucket: the one bucket with CORS (browsers POST photos to it as a presigned form). */
const uploadsBucketIdIn = (synthesized: Template): string =>
  onlyId(synthesized.findResources('AWS::S3::Bucket', { Properties: { CorsConfiguration: Match.anyValue() } }));

/** Our functions carry a description naming what they serve; CDK's helper functions do not. */
const ourFunctions = () =>
  Object.entries(template.findResources('AWS::Lambda::Function')).filter(([, fn]) =>
    /^(route|websocket|stream-processors|secret-rotation|schedule): /.test(fn.Properties.Description ?? ''),
  );
const functionIdByDescription = (description: string): string => {
  const found = ourFunctions().filter(([, fn]) => fn.Properties.Description === description);
  expect(found, description).toHaveLength(1);
  return found[0]![0];
};
/** The one function serving an HTTP route key (`PATCH /api/…`): its description lists its routes. */
const functionIdServing = (routeKey: string): string => {
  const found = ourFunctions().filter(([, fn]) => /^route: /.test(fn.Properties.Description) && fn.Properties.Description.slice('route: '.length).split(', ').includes(routeKey));
  expect(found, routeKey).toHaveLength(1);
  return found[0]![0];
};
const routeKeyOf = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
/** The handler module a function of ours runs, from its description. */
function handlerOf(description: string): URL {
  const [kind, rest] = description.split(': ') as [string, string];
  if (kind === 'route') return Object.values(httpRoutes).find((route) => routeKeyOf(route) === rest.split(', ')[0])!.handler;
  if (kind === 'websocket') return webSocketRoutes[rest.split(', ')[0] as keyof typeof webSocketRoutes].handler;
  return [streamProcessors, sessionKeyRotator, dailyDigest].find(({ handler }) => handlerModulePath(handler) === rest)!.handler;
}
const httpHandlers = new Set(Object.values(httpRoutes).map((route) => handlerName(route.handler)));
const tableIdFor = (definition: TableDefinition): string =>
  onlyId(
    template.findResources('AWS::DynamoDB::Table', {
      Properties: {
        KeySchema: [
          { AttributeName: definition.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: definition.sortKey.name, KeyType: 'RANGE' },
        ],
      },
    }),
  );

/** Logical ids a value refers to (Ref, Fn::GetAtt, Fn::Sub). */
function references(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => references(v, into));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'Ref' && typeof v === 'string') into.add(v);
      else if (key === 'Fn::GetAtt') into.add(Array.isArray(v) ? String(v[0]) : String(v).split('.')[0]!);
      else if (key === 'Fn::Sub') {
        const text = Array.isArray(v) ? String(v[0]) : String(v);
        for (const m of text.matchAll(/\$\{([^}.!]+)/g)) into.add(m[1]!);
        if (Array.isArray(v)) references(v[1], into);
      } else references(v, into);
    }
  }
  return into;
}

describe('ConstructionChecklist stack', () => {
  it('has one HTTP API route per manifest entry, method and path exactly as in the manifest', () => {
    const routeKeys = routeKeysOf(httpApiId);
    // The photo route answers HEAD too (issue 30).
    const expected = [...Object.values(httpRoutes).map((route) => `${route.method} ${route.path}`), `HEAD ${httpRoutes.getObject.path}`];
    expect(routeKeys.sort()).toEqual([...expected].sort());
    expect(routeKeys).toHaveLength(Object.keys(httpRoutes).length + 1);
  });

  it('routes each HTTP route to the Lambda of its handler module', () => {
    for (const route of Object.values(httpRoutes)) {
      const fnId = functionIdServing(routeKeyOf(route));
      const integrations = template.findResources('AWS::ApiGatewayV2::Integration', {
        Properties: { ApiId: { Ref: httpApiId }, IntegrationUri: { 'Fn::GetAtt': [fnId, 'Arn'] } },
      });
      const integrationId = onlyId(integrations);
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        ApiId: { Ref: httpApiId },
        RouteKey: `${route.method} ${route.path}`,
        Target: Match.objectLike({ 'Fn::Join': ['', ['integrations/', { Ref: integrationId }]] }),
      });
    }
  });

  it('has the WebSocket API with $connect, $disconnect and $default on an auto-deployed stage', () => {
    expect(routeKeysOf(wsApiId).sort()).toEqual(Object.keys(webSocketRoutes).sort());
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: wsApiId },
      StageName: webSocketStageName,
      AutoDeploy: true,
    });
  });

  it('has one Lambda per handler module (HTTP, WebSocket), the stream processors, the key rotator and the daily digest, on Node 24 arm64 with the app configuration', () => {
    const fns = ourFunctions();
    const wsHandlers = new Set(Object.values(webSocketRoutes).map((route) => handlerName(route.handler)));
    expect(fns).toHaveLength(httpHandlers.size + wsHandlers.size + 3);
    // Every route is named by exactly one function.
    const served = fns.flatMap(([, fn]) => String(fn.Properties.Description).replace(/^(route|websocket): /, '').split(', '));
    expect(served.sort()).toEqual(
      [
        ...Object.values(httpRoutes).map(routeKeyOf),
        ...Object.keys(webSocketRoutes),
        `stream-processors: ${handlerModulePath(streamProcessors.handler)}`,
        `secret-rotation: ${handlerModulePath(sessionKeyRotator.handler)}`,
        `schedule: ${handlerModulePath(dailyDigest.handler)}`,
      ].sort(),
    );

    const localOnly = new Set<string>(localOnlyConfig);
    const awsNames = Object.entries(envNames).filter(([key]) => !localOnly.has(key)).map(([, name]) => name);
    const localNames = Object.entries(envNames).filter(([key]) => localOnly.has(key)).map(([, name]) => name);
    expect(localNames).toContain(envNames.mode);
    for (const [id, fn] of fns) {
      expect(fn.Properties.Runtime, id).toBe('nodejs24.x');
      expect(fn.Properties.Architectures, id).toEqual(['arm64']);
      // The rotator needs no app configuration.
      if (fn.Properties.Description.startsWith('secret-rotation: ')) continue;
      const variables = Object.keys(fn.Properties.Environment.Variables);
      expect(variables, id).toEqual(expect.arrayContaining(awsNames));
      for (const name of localNames) expect(variables, id).not.toContain(name);
    }
  });

  it('passes table and bucket names, the WebSocket callback URL, the session secret, MAIL_FROM and APP_URL', () => {
    const [, fn] = ourFunctions()[0]!;
    const variables = fn.Properties.Environment.Variables;
    expect(variables[envNames.eventsTable]).toEqual({ Ref: tableIdFor(eventsTable) });
    expect(variables[envNames.stateTable]).toEqual({ Ref: tableIdFor(stateTable) });
    expect(variables[envNames.mailFrom]).toBe(defaultMailFrom);
    const endpoint = JSON.stringify(variables[envNames.wsManagementEndpoint]);
    expect(endpoint).toContain(`"https://",{"Ref":"${wsApiId}"},".execute-api.eu-west-1."`);
    expect(endpoint).toContain(`/${webSocketStageName}`);
    // The session key is read at run time from its secret: its value is in no function's environment.
    const secretId = onlyId(template.findResources('AWS::SecretsManager::Secret', { Properties: { Description: Match.stringLikeRegexp('session tokens') } }));
    expect(variables[envNames.sessionSecretArn]).toEqual({ Ref: secretId });
    expect(variables[envNames.sessionSecret]).toBeUndefined();
    // Reset links in e-mails open the CloudFront address.
    expect(JSON.stringify(variables[envNames.appUrl])).toMatch(/"https:\/\/",\{"Fn::GetAtt":\["Site\w*Distribution\w*","DomainName"\]\}/);

    const custom = synth({ mailFrom: 'jobs@builder.example', appUrl: 'https://jobs.builder.example' });
    custom.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^route: '),
      Environment: { Variables: Match.objectLike({ [envNames.mailFrom]: 'jobs@builder.example', [envNames.appUrl]: 'https://jobs.builder.example' }) },
    });
  });

  it('lets the API functions use the tables, the uploads bucket, SES and the WebSocket connections', () => {
    const statements = ourFunctions().flatMap(([id]) => statementsOf(id));
    const actions = statements.flatMap((s) => [s.Action].flat());
    // Publishing a photo reads, copies and deletes uploads.
    expect(actions).toEqual(expect.arrayContaining(['ses:SendEmail', 'ses:SendRawEmail', 'dynamodb:PutItem', 's3:PutObject', 's3:GetObject', 's3:DeleteObject']));
    // Named exactly: the indexes by name, no wildcard actions, mail only as the configured identity.
    const ours = statements.filter((s) => [s.Action].flat().some((action) => /^(dynamodb|s3|ses):/.test(action)) && !JSON.stringify(s.Resource).includes('cdk-hnb659fds') && !JSON.stringify(s.Resource).includes('SiteWebBucket'));
    for (const statement of ours) {
      expect([statement.Action].flat().filter((action) => action.includes('*')), JSON.stringify(statement.Action)).toEqual([]);
      expect(JSON.stringify(statement.Resource)).not.toContain('/index/*');
    }
    const mail = ours.filter((s) => [s.Action].flat().includes('ses:SendEmail'));
    for (const statement of mail) {
      const identities = [...JSON.stringify(statement.Resource).matchAll(/identity\/([^"]+)"/g)].map((match) => match[1]).sort();
      expect(identities).toEqual(['example.com', 'no-reply@example.com']);
    }
    const indexes = ours.flatMap((s) => [s.Resource].flat()).map((resource) => JSON.stringify(resource)).filter((resource) => resource.includes('/index/'));
    expect(indexes.some((resource) => resource.includes('/index/byProject'))).toBe(true);
    const manage = statements.filter((s) => [s.Action].flat().includes('execute-api:ManageConnections'));
    expect(manage.length).toBeGreaterThan(0);
    for (const statement of manage) {
      const resource = JSON.stringify(statement.Resource);
      expect(resource).toContain(`{"Ref":"${wsApiId}"}`);
      expect(resource).toContain(`/${webSocketStageName}/*/@connections/*`);
    }
  });

  it('has a retained KMS key for audit checkpoints (ECC P-256, sign/verify) that only the routes marked auditKey may use', () => {
    const keyId = onlyId(template.findResources('AWS::KMS::Key', { Properties: { KeyUsage: 'SIGN_VERIFY' } }));
    expect(resources[keyId]).toMatchObject({ Properties: { KeySpec: 'ECC_NIST_P256', KeyUsage: 'SIGN_VERIFY' }, DeletionPolicy: 'Retain' });
    const personKeysId = onlyId(template.findResources('AWS::KMS::Key', { Properties: { Description: Match.stringLikeRegexp('per-person data keys') } }));
    for (const route of Object.values(httpRoutes) as Array<{ method: string; path: string; auditKey?: string }>) {
      const fnId = functionIdServing(routeKeyOf(route));
      const kms = kmsGrantsOf(fnId);
      // Every KMS grant names one of the two keys, never '*'.
      expect([...kms.keys()].filter((key) => key !== keyId && key !== personKeysId), routeKeyOf(route)).toEqual([]);
      const expected = route.auditKey === 'sign' ? ['kms:GetPublicKey', 'kms:Sign'] : route.auditKey === 'publish' ? ['kms:GetPublicKey'] : [];
      expect(kms.get(keyId) ?? [], routeKeyOf(route)).toEqual(expected);
      expect(resources[fnId]!.Properties!.Environment.Variables[envNames.auditKmsKeyId]).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
    }
    for (const name of ['auditExport', 'exportPdf', 'shareWithClient'] as const) expect(httpRoutes[name].auditKey).toBe('sign');
    expect(httpRoutes.auditKeys.auditKey).toBe('publish');
  });

  it('seals personal data with per-person keys in a table of their own, wrapped by a rotated KMS key that functions may only encrypt and decrypt with, as their handler declares', () => {
    const keyId = onlyId(template.findResources('AWS::KMS::Key', { Properties: { Description: Match.stringLikeRegexp('per-person data keys') } }));
    expect(resources[keyId]).toMatchObject({ Properties: { EnableKeyRotation: true }, DeletionPolicy: 'Retain' });
    const table = onlyId(template.findResources('AWS::DynamoDB::Table', { Properties: { KeySchema: [{ AttributeName: keysTable.partitionKey.name, KeyType: 'HASH' }, { AttributeName: keysTable.sortKey.name, KeyType: 'RANGE' }] } }));
    expect(resources[table]).toMatchObject({ Properties: { PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true }, DeletionProtectionEnabled: true } });
    for (const route of Object.values(httpRoutes) as HttpRoute[]) {
      const fnId = functionIdServing(routeKeyOf(route));
      const keys = needsOf(route.handler).keys;
      expect(kmsGrantsOf(fnId).get(keyId), routeKeyOf(route)).toEqual(keys === undefined ? undefined : keys === 'open' ? ['kms:Decrypt'] : ['kms:Decrypt', 'kms:Encrypt']);
      expect(resources[fnId]!.Properties!.Environment.Variables).toMatchObject({ [envNames.personKeysKmsKeyId]: { 'Fn::GetAtt': [keyId, 'Arn'] }, [envNames.keysTable]: { Ref: table } });
    }
  });

  it('has no circular dependencies between resources', () => {
    const edges = new Map<string, Set<string>>();
    for (const [id, resource] of Object.entries(resources)) {
      const deps = references(resource.Properties);
      for (const dep of [resource.DependsOn ?? []].flat()) deps.add(dep);
      edges.set(id, new Set([...deps].filter((dep) => dep in resources)));
    }
    expect([...edges.values()].filter((deps) => deps.size > 0).length).toBeGreaterThan(10);
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (id: string, trail: string[]): void => {
      if (state.get(id) === 'done') return;
      if (state.get(id) === 'visiting') throw new Error(`cycle: ${[...trail, id].join(' -> ')}`);
      state.set(id, 'visiting');
      for (const dep of edges.get(id) ?? []) visit(dep, [...trail, id]);
      state.set(id, 'done');
    };
    expect(() => Object.keys(resources).forEach((id) => visit(id, []))).not.toThrow();
  });

  it('builds both tables from tables.ts: keys, GSIs, on-demand, PITR, retained', () => {
    for (const definition of [eventsTable, stateTable] as TableDefinition[]) {
      const id = tableIdFor(definition);
      const table = resources[id]!;
      expect((table as { DeletionPolicy?: string }).DeletionPolicy).toBe('Retain');
      expect(table.Properties).toMatchObject({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      });
      expect(table.Properties!.GlobalSecondaryIndexes).toEqual(
        indexesOf(definition).map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
            { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      );
      const keys = [definition.partitionKey, definition.sortKey, ...indexesOf(definition).flatMap((i) => [i.partitionKey, i.sortKey])];
      expect(table.Properties!.AttributeDefinitions).toEqual(
        expect.arrayContaining(keys.map((key) => ({ AttributeName: key.name, AttributeType: key.type }))),
      );
    }
    expect(resources[tableIdFor(eventsTable)]!.Properties!.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    expect(resources[tableIdFor(stateTable)]!.Properties!.TimeToLiveSpecification).toEqual({
      AttributeName: stateTable.ttlAttribute,
      Enabled: true,
    });
  });

  it('feeds the events stream to the stream processors with retries, bisection and a last-resort queue', () => {
    const streamProcessorsId = functionIdByDescription(`stream-processors: ${handlerModulePath(streamProcessors.handler)}`);
    const queueId = onlyId(template.findResources('AWS::SQS::Queue'));
    template.resourceCountIs('AWS::Lambda::EventSourceMapping', 1);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: streamProcessorsId },
      EventSourceArn: { 'Fn::GetAtt': [tableIdFor(eventsTable), 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: streamProcessors.batchSize,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
  });

  it('keeps the uploads bucket private (all four public-access blocks), SSL-only, CORS for presigned POST forms only', () => {
    const uploadsId = uploadsBucketIdIn(template);
    expect(resources[uploadsId]!.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    const [cors, ...otherRules] = resources[uploadsId]!.Properties!.CorsConfiguration.CorsRules;
    expect(otherRules).toEqual([]);
    expect(cors.AllowedMethods).toEqual(['POST']);
    // Without an appUrl the CloudFront address cannot be named (the distribution depends on the bucket).
    expect(cors.AllowedOrigins).toEqual(['*']);
    const custom = synth({ appUrl: 'https://jobs.builder.example/' });
    const customCors = custom.toJSON().Resources[uploadsBucketIdIn(custom)].Properties.CorsConfiguration.CorsRules[0];
    expect(customCors.AllowedOrigins).toEqual(['https://jobs.builder.example']);

    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: uploadsId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('grants no read or listing of the uploads bucket to anyone through its policy: photos go through the photo route (issue 30), never a pending upload', () => {
    const uploadsId = uploadsBucketIdIn(template);
    const statements = Object.values(template.findResources('AWS::S3::BucketPolicy', { Properties: { Bucket: { Ref: uploadsId } } })).flatMap(
      (policy) => policy.Properties.PolicyDocument.Statement as Array<{ Effect: string; Principal: unknown; Action: string | string[]; Resource: unknown; Condition?: unknown }>,
    );
    // Not even CloudFront: only the functions' own roles read it (the photo route checks who asks).
    expect(statements.filter((statement) => statement.Effect === 'Allow')).toEqual([]);
    expect(statements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Effect: 'Deny',
          Principal: { Service: 'cloudfront.amazonaws.com' },
          Action: 's3:GetObject',
          Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [uploadsId, 'Arn'] }, `/${UPLOADS_PREFIX}*`]] },
        }),
      ]),
    );
  });

  it('expires uploads never published after a day (objects/ stays) and cleans up multipart uploads', () => {
    const rules = resources[uploadsBucketIdIn(template)]!.Properties!.LifecycleConfiguration.Rules as Record<string, unknown>[];
    expect(rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Status: 'Enabled', AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
        expect.objectContaining({ Status: 'Enabled', Prefix: UPLOADS_PREFIX, ExpirationInDays: 1 }),
      ]),
    );
    expect(UPLOADS_PREFIX).toBe('uploads/');
    // Only pending uploads expire: no rule reaches published photos.
    expect(rules.filter((rule) => rule.ExpirationInDays !== undefined).map((rule) => rule.Prefix)).toEqual([UPLOADS_PREFIX]);
  });

  it('serves routes that share a handler module (PATCH and PUT item) from one Lambda and one integration', () => {
    const { patchItem, putItem } = httpRoutes;
    expect(patchItem.handler.href).toBe(putItem.handler.href);
    expect(httpHandlers.size).toBeLessThan(Object.keys(httpRoutes).length);
    const fnId = functionIdServing(routeKeyOf(patchItem));
    expect(functionIdServing(routeKeyOf(putItem))).toBe(fnId);
    const integrationId = onlyId(
      template.findResources('AWS::ApiGatewayV2::Integration', { Properties: { IntegrationUri: { 'Fn::GetAtt': [fnId, 'Arn'] } } }),
    );
    for (const route of [patchItem, putItem]) {
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: routeKeyOf(route),
        Target: Match.objectLike({ 'Fn::Join': ['', ['integrations/', { Ref: integrationId }]] }),
      });
    }
  });

  it('sizes the PDF export function for Chromium: 1600 MB, 29 s', () => {
    const fnId = functionIdServing(routeKeyOf(httpRoutes.exportPdf));
    expect(`route: ${httpRoutes.exportPdf.method} ${httpRoutes.exportPdf.path}`).toBe('route: POST /api/projects/{id}/export-pdf');
    expect(resources[fnId]!.Properties).toMatchObject({ MemorySize: 1600, Timeout: 29 });
  });

  it('serves the app, /api/*, /objects/* and /ws through CloudFront without distribution-wide SPA errors', () => {
    const distributionId = onlyId(template.findResources('AWS::CloudFront::Distribution'));
    const config = resources[distributionId]!.Properties!.DistributionConfig;
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      expect.objectContaining({ EventType: 'viewer-request' }),
    ]);

    const behaviour = (pathPattern: string) => {
      const found = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === pathPattern);
      expect(found, pathPattern).toBeDefined();
      const origin = config.Origins.find((o: { Id: string }) => o.Id === found.TargetOriginId);
      return { ...found, origin };
    };
    const cachingDisabled = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
    const allViewerExceptHost = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

    const api = behaviour('/api/*');
    expect(api.CachePolicyId).toBe(cachingDisabled);
    expect(api.OriginRequestPolicyId).toBe(allViewerExceptHost);
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
    expect(JSON.stringify(api.origin.DomainName)).toContain(`{"Ref":"${httpApiId}"}`);

    // Issue 30: photos go to the photo route on the HTTP API, with the session cookie, never cached at the edge.
    const objects = behaviour('/objects/*');
    expect(objects.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(objects.CachePolicyId).toBe(cachingDisabled);
    expect(objects.OriginRequestPolicyId).toBe(allViewerExceptHost);
    expect(JSON.stringify(objects.origin.DomainName)).toContain(`{"Ref":"${httpApiId}"}`);
    expect(objects.origin.OriginAccessControlId ?? '').toBe('');
    // Photos carry X-Content-Type-Options: nosniff.
    const headersPolicy = resources[objects.ResponseHeadersPolicyId.Ref]!;
    expect(headersPolicy.Type).toBe('AWS::CloudFront::ResponseHeadersPolicy');
    expect(headersPolicy.Properties!.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentTypeOptions).toEqual({ Override: true });

    const ws = behaviour('/ws');
    expect(JSON.stringify(ws.origin.DomainName)).toContain(`{"Ref":"${wsApiId}"}`);
    expect(ws.CachePolicyId).toBe(cachingDisabled);
  });

  it('puts one security headers policy on every CloudFront behaviour: CSP, nosniff, Referrer-Policy, HSTS', () => {
    const distributionId = onlyId(template.findResources('AWS::CloudFront::Distribution'));
    const config = resources[distributionId]!.Properties!.DistributionConfig;
    const behaviours = [config.DefaultCacheBehavior, ...config.CacheBehaviors];
    expect(behaviours.map((b: { PathPattern?: string }) => b.PathPattern ?? '(default)').sort()).toEqual(['(default)', '/api/*', '/objects/*', '/ws']);
    const policyIds = new Set(behaviours.map((b: { ResponseHeadersPolicyId?: { Ref: string } }) => b.ResponseHeadersPolicyId?.Ref));
    expect([...policyIds]).toEqual([onlyId(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))]);

    const headers = resources[[...policyIds][0]!]!.Properties!.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
    expect(headers.StrictTransportSecurity).toEqual({ AccessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS, IncludeSubdomains: false, Override: true });
    // The API's own stricter policy is kept; S3's answers (the app, photos) get the app's.
    expect(headers.ContentSecurityPolicy.Override).toBe(false);
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const directive of ["script-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "img-src 'self' data: blob: https:"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    // Browsers POST photos straight to the uploads bucket's regional address.
    expect(csp).toMatch(/connect-src 'self' https:\/\/",\{"Fn::GetAtt":\["\w*Uploads\w*","RegionalDomainName"\]\}/);

    // With a custom domain, its wss: origin is named too.
    const custom = synth({ appUrl: 'https://jobs.builder.example' }).toJSON().Resources as Record<string, Resource>;
    const customPolicy = Object.values(custom).find((r) => r.Type === 'AWS::CloudFront::ResponseHeadersPolicy')!;
    expect(JSON.stringify(customPolicy.Properties)).toContain('wss://jobs.builder.example');
  });

  it('sends CloudFront\'s secret x-origin-verify header to both APIs (the functions refuse requests without it), the same secret the Lambdas get as ORIGIN_SECRET', () => {
    const distributionId = onlyId(template.findResources('AWS::CloudFront::Distribution'));
    const config = resources[distributionId]!.Properties!.DistributionConfig;
    const apiOrigins = ['/api/*', '/ws'].map((path) => config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === path).TargetOriginId);
    const withHeader = config.Origins.filter((o: { CustomOriginConfig?: unknown; OriginCustomHeaders?: { HeaderName: string }[] }) =>
      o.OriginCustomHeaders?.some((h) => h.HeaderName === ORIGIN_VERIFY_HEADER),
    );
    expect(withHeader.map((o: { Id: string }) => o.Id).sort()).toEqual(apiOrigins.sort());
    expect(JSON.stringify(withHeader[1].OriginCustomHeaders[0].HeaderValue)).toBe(JSON.stringify(withHeader[0].OriginCustomHeaders[0].HeaderValue));
    const headerValue = JSON.stringify(withHeader[0].OriginCustomHeaders[0].HeaderValue);
    expect(headerValue).toContain('{{resolve:secretsmanager:');

    const secretId = Object.entries(template.findResources('AWS::SecretsManager::Secret')).find(([, r]) =>
      String((r as Resource).Properties?.Description).includes('x-origin-verify'),
    )?.[0];
    expect(secretId).toBeDefined();
    expect(headerValue).toContain(secretId);
    const [, fn] = ourFunctions()[0]!;
    const lambdaValue = JSON.stringify(fn.Properties.Environment.Variables[envNames.originSecret]);
    expect(lambdaValue).toContain('{{resolve:secretsmanager:');
    expect(lambdaValue).toContain(secretId);
  });

  it('outputs the addresses and names an operator needs', () => {
    const outputs = Object.keys(template.toJSON().Outputs ?? {});
    expect(outputs).toEqual(
      expect.arrayContaining([
        'SiteUrl',
        'HttpApiUrl',
        'WebSocketUrl',
        'EventsTableName',
        'StateTableName',
        'WebBucketName',
        'UploadsBucketName',
      ]),
    );
  });
});

/**
 * A function's grants as `<table>:<Action>` for DynamoDB on our tables (indexes checked apart),
 * `<action> <prefix>/` for objects of the uploads bucket, and the bare action for everything else.
 */
const tableNames = new Map(tables.map((definition) => [tableIdFor(definition), definition.name]));
function grantsOf(fnId: string): string[] {
  const grants = new Set<string>();
  for (const statement of statementsOf(fnId)) {
    for (const action of [statement.Action].flat()) {
      for (const resource of [statement.Resource].flat()) {
        const text = JSON.stringify(resource);
        const table = [...tableNames].find(([id]) => text.includes(`"${id}"`));
        const prefix = text.match(/\/(uploads|objects|originals|thumbnails|archive|exports\/tenants)\/\*/)?.[1];
        // Issue 31: an UpdateItem limited to the rate limiter's and usage's partitions is metering, not a write of data.
        const leading = (statement.Condition as Record<string, Record<string, string[]>> | undefined)?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
        if (action.startsWith('dynamodb:') && table && !text.includes('StreamArn')) grants.add(`${table[1]}:${action.slice('dynamodb:'.length)}${leading ? ` (${leading.join(', ')})` : ''}`);
        else if (action.startsWith('s3:') && prefix) grants.add(`${action} ${prefix}/`);
        else grants.add(action);
      }
    }
  }
  return [...grants].sort();
}

// The grants each function has, written out: a new grant is a visible change here.
const sessionKey = ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'];
const stateRead = ['state:BatchGetItem', 'state:GetItem', 'state:Query'];
const stateRecord = [...stateRead, 'state:PutItem', 'state:UpdateItem'];
const stateWrite = [...stateRecord, 'state:BatchWriteItem', 'state:ConditionCheckItem', 'state:DeleteItem'];
/** Issue 31: every signed-in route spends its tenant's rate-limit tokens and counts its usage. */
const meter = ['state:UpdateItem (rate-bucket#*, tenant-usage#*)'];
const read = [...sessionKey, ...stateRead, ...meter];
/** Issue 31: an archived project is answered from its archive, replayed (its sealed values opened). */
const archived = ['s3:GetObject archive/', 'keys:BatchGetItem', 'kms:Decrypt'];
const command = [...sessionKey, ...stateWrite, 'events:PutItem', 'events:Query', 'keys:BatchGetItem', 'keys:PutItem', 'kms:Decrypt', 'kms:Encrypt'];
const mail = ['ses:SendEmail', 'ses:SendRawEmail'];
const connections = ['execute-api:ManageConnections'];
const sign = ['kms:GetPublicKey', 'kms:Sign'];
const expectedGrants: Record<string, string[]> = {
  health: [...read, ...connections, 'events:DescribeTable', 'state:DescribeTable', 's3:ListBucket', 'ses:ListEmailTemplates'],
  'auth-register': [...command, ...mail],
  'auth-login': [...sessionKey, ...stateWrite, ...meter],
  'auth-logout': [...sessionKey, ...stateWrite, ...connections, ...meter],
  'auth-me': read,
  'auth-forgot-password': [...command, ...mail],
  'auth-reset-password': [...command, ...connections],
  'auth-update-profile': [...command, ...connections, ...mail],
  'auth-change-password': [...command, ...connections, ...mail],
  // The person's projects and uploads come from the person-projects view and gsi1: no scan.
  'auth-delete-account': [...command, 'keys:DeleteItem', 's3:DeleteObject objects/', 's3:DeleteObject uploads/', 's3:DeleteObject originals/', 's3:DeleteObject thumbnails/', 's3:ListBucket', 'cloudfront:CreateInvalidation', 's3:GetObject archive/'],
  'auth-verify-email': [...command, ...connections, ...mail],
  'auth-resend-verification': [...command, ...mail],
  'auth-magic-link': [...command, ...mail],
  'auth-magic-link-verify': [...command, ...connections, ...mail],
  'auth-not-me': [...command, ...connections],
  'projects-with-stats': read,
  'projects-list': read,
  'project-create': command,
  'project-update': command,
  'project-patch': command,
  'project-delete': command,
  'client-projects': read,
  'project-stats': read,
  'project-history': [...read, ...archived],
  'project-checklist': [...read, ...archived],
  'project-export-pdf': [...sessionKey, ...stateRecord, ...meter, 'events:Query', ...sign, 's3:GetObject objects/', 's3:ListBucket'],
  'project-share': [...command, ...mail, ...sign],
  'audit-export': [...sessionKey, ...stateRecord, ...meter, 'events:Query', ...sign, 's3:GetObject archive/'],
  'project-audit': [...read, ...archived, 'events:Query', 'kms:GetPublicKey'],
  'project-budget': read,
  'project-decisions': read,
  'rooms-list': [...read, ...archived],
  'room-create': command,
  'room-rename': command,
  'room-delete': command,
  'room-get': read,
  'room-items': read,
  'item-create': command,
  'item-update': command,
  'item-delete': command,
  'item-approve': command,
  'item-decline': command,
  'item-history': [...read, ...archived, 'events:Query'],
  'audit-keys': [...read, 'kms:GetPublicKey'],
  'punch-items-list': read,
  'punch-item-create': command,
  'punch-item-update': command,
  'change-orders-list': read,
  'change-order-get': read,
  'change-order-create': command,
  'change-order-update': command,
  'change-order-send': [...command, ...mail],
  'change-order-sign': command,
  'change-order-decline': command,
  'change-order-pdf': [...sessionKey, ...stateRecord, ...meter],
  'chat-list': [...read, ...archived],
  'chat-post': command,
  'chat-history': read,
  'chat-read': command,
  'chat-mark-all-read': command,
  'objects-upload': [...sessionKey, ...stateRecord, ...meter, 's3:PutObject uploads/'],
  'objects-acl': [...command, 's3:GetObject uploads/', 's3:PutObject uploads/', 's3:DeleteObject uploads/', 's3:GetObject objects/', 's3:PutObject objects/', 's3:GetObject originals/', 's3:PutObject originals/', 's3:GetObject thumbnails/', 's3:PutObject thumbnails/', 's3:ListBucket'],
  // Issue 30: a photo to its project's people; never an original, and a GET writes nothing.
  'objects-get': [...read, 's3:GetObject objects/', 's3:GetObject thumbnails/', 's3:ListBucket'],
  'digest-unsubscribe': [...sessionKey, ...stateRecord, ...meter],
  'user-session-get': read,
  'user-session-put': [...sessionKey, ...stateRecord, ...meter],
  // Issue 31: the team (its changes: invite, remove, join, in one function).
  'team-list': read,
  'team-changes': [...command, ...connections, ...mail],
  'ws-connect': [...sessionKey, ...stateRecord],
  'ws-disconnect': stateWrite,
  'ws-default': [...stateWrite, ...connections],
  // The stream and dead-letter grants come with its event source.
  'stream-processors': [...stateWrite, ...connections, 'dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'],
  // Granted with the rotation schedule.
  'rotate-session-secret': [...sessionKey, 'secretsmanager:GetRandomPassword', 'secretsmanager:PutSecretValue', 'secretsmanager:UpdateSecretVersionStage'],
  'send-digest': [...sessionKey, ...stateWrite, 'state:Scan', ...mail],
};

describe('least privilege and capacity (issue 27)', () => {
  it('gives every function exactly the grants its handler declares (functions/route-permissions.ts)', () => {
    const actual = Object.fromEntries(ourFunctions().map(([id, fn]) => [handlerName(handlerOf(fn.Properties.Description)), grantsOf(id)]));
    const expected = Object.fromEntries(Object.entries(expectedGrants).map(([handler, grants]) => [handler, [...new Set(grants)].sort()]));
    expect(actual).toEqual(expected);
  });

  it('lets no route scan a table, nor delete a person\'s key but Delete Account; GET routes write nothing but checkpoints and counters', () => {
    for (const [id, fn] of ourFunctions()) {
      const handler = handlerName(handlerOf(fn.Properties.Description));
      const grants = grantsOf(id);
      if (/^(route|websocket): /.test(fn.Properties.Description)) expect(grants.filter((grant) => grant.endsWith(':Scan')), handler).toEqual([]);
      if (handler !== handlerName(httpRoutes.deleteAccount.handler)) expect(grants, handler).not.toContain('keys:DeleteItem');
    }
    // Issue 30: the change order's PDF is a GET (the API's name) that Chromium renders, so it takes the account's hourly export allowance (a counter), as Export PDF does.
    const countsExports = new Set<string>([httpRoutes.changeOrderPdf.path]);
    for (const route of (Object.values(httpRoutes) as HttpRoute[]).filter((r) => r.method === 'GET')) {
      const writes = grantsOf(functionIdServing(routeKeyOf(route))).filter((grant) => /:(PutItem|UpdateItem|DeleteItem|BatchWriteItem|ConditionCheckItem)$|^s3:(Put|Delete)|^ses:Send|^kms:Encrypt/.test(grant));
      expect(writes, routeKeyOf(route)).toEqual(route.auditKey === 'sign' || countsExports.has(route.path) ? ['state:PutItem', 'state:UpdateItem'] : []);
    }
  });

  it('names every index a Query reaches, and only where the function may query', () => {
    for (const [fnId, fn] of ourFunctions()) {
      for (const statement of statementsOf(fnId).filter((s) => [s.Action].flat().some((action) => /^dynamodb:(Query|GetItem|PutItem|BatchGetItem)$/.test(action)))) {
        const resources = [statement.Resource].flat().map((resource) => JSON.stringify(resource));
        const [tableId, name] = [...tableNames].find(([id]) => resources[0]!.includes(`"${id}"`))!;
        const indexes = resources.slice(1).map((resource) => resource.match(/\/index\/([A-Za-z0-9]+)/)?.[1]);
        const definition = tables.find((table) => table.name === name)!;
        expect(resources[0], fn.Properties.Description).toBe(JSON.stringify({ 'Fn::GetAtt': [tableId, 'Arn'] }));
        expect(indexes, fn.Properties.Description).toEqual([statement.Action].flat().includes('dynamodb:Query') ? indexesOf(definition).map((index) => index.name) : []);
      }
    }
  });

  it('lets Delete Account purge the CDN: invalidations on this distribution only, whose id it gets as CDN_DISTRIBUTION_ID', () => {
    const distributionId = onlyId(template.findResources('AWS::CloudFront::Distribution'));
    const fnId = functionIdServing(routeKeyOf(httpRoutes.deleteAccount));
    const invalidation = statementsOf(fnId).find((statement) => [statement.Action].flat().includes('cloudfront:CreateInvalidation'))!;
    expect(JSON.stringify(invalidation.Resource)).toContain(`:distribution/",{"Ref":"${distributionId}"}`);
    expect(resources[fnId]!.Properties!.Environment.Variables[envNames.cdnDistributionId]).toEqual({ Ref: distributionId });
  });

  it('throttles both API stages, and sets a few PDF renders aside so exports cannot take every other route\'s concurrency', () => {
    for (const apiId of [httpApiId, wsApiId]) {
      const [stage] = Object.values(template.findResources('AWS::ApiGatewayV2::Stage', { Properties: { ApiId: { Ref: apiId } } }));
      expect(stage!.Properties.DefaultRouteSettings, apiId).toMatchObject({ ThrottlingRateLimit: API_REQUESTS_PER_SECOND, ThrottlingBurstLimit: API_BURST_LIMIT });
    }
    expect(resources[functionIdServing(routeKeyOf(httpRoutes.exportPdf))]!.Properties!.ReservedConcurrentExecutions).toBe(PDF_EXPORTS_AT_ONCE);
    expect(PDF_EXPORTS_AT_ONCE).toBeLessThanOrEqual(10);
    const reserved = ourFunctions().filter(([, fn]) => fn.Properties.ReservedConcurrentExecutions !== undefined);
    expect(reserved).toHaveLength(1);
  });

  it('stays well inside CloudFormation\'s 500 resources per stack, the alarms in a nested stack (route functions with equal grants share a role)', () => {
    const count = Object.keys(resources).length;
    const alarms = Object.keys(monitoring.template.toJSON().Resources).length;
    console.info(`resources: ${count} in the app's stack, ${alarms} in the alarms' nested stack (${monitoring.declared.length} parameters)`);
    // About five resources per new route here (its alarm is in the nested stack): past this, plan the
    // next split before CloudFormation refuses the deploy.
    expect(count, "resources in the app's stack (CloudFormation refuses more than 500)").toBeLessThan(470);
    expect(template.findResources('AWS::CloudWatch::Alarm')).toEqual({});
    // Two nested stacks: the alarms, and the operators' API (issue 31).
    template.resourceCountIs('AWS::CloudFormation::Stack', 2);
    expect(alarms, "resources in the alarms' nested stack").toBeLessThan(500);
    // A nested stack takes at most 200 parameters: one per function (its name), the tables, the queue, the API, the topic.
    expect(monitoring.declared.length).toBeLessThan(200);
    expect(Object.keys(monitoring.passed).sort()).toEqual([...monitoring.declared].sort());
    const roles = Object.values(template.findResources('AWS::IAM::Role')).length;
    expect(roles).toBeLessThan(ourFunctions().length);
  });
});

/** The app as deployed: the edge stack (web ACL, us-east-1) and the app's stack reading its ARN; AWS's rules as a validation plugin when asked. */
function deployedApp({ nag = false, extra, context = {} }: { nag?: boolean; extra?: (stack: Stack) => void; context?: Record<string, unknown> } = {}) {
  const app = new App({ context: { ...cdkContext(), 'aws:cdk:bundling-stacks': [], ...context } });
  if (nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const edge = new EdgeStack(app, 'ConstructionChecklistEdge', { env: { account: '123456789012' } });
  const stack = new ConstructionChecklistStack(app, 'ConstructionChecklist', { env: { account: '123456789012', region: 'eu-west-1' }, crossRegionReferences: true, webAclArn: edge.webAclArn });
  extra?.(stack);
  return { app, edge, stack };
}

describe('hardened for operators (issue 17)', () => {
  it("passes AWS's best-practice rules (cdk-nag AwsSolutions) with no unresolved finding, and fails on a new resource that brings one", () => {
    expect(() => deployedApp({ nag: true }).app.synth()).not.toThrow();
    // A bucket without access logs is a finding nobody accepted: the synth (and this test) fails, naming it.
    const careless = deployedApp({ nag: true, extra: (stack) => new Bucket(stack, 'CarelessBucket', { enforceSSL: true }) });
    expect(() => careless.app.synth()).toThrow(/CarelessBucket[\s\S]*AwsSolutions-S1|AwsSolutions-S1[\s\S]*CarelessBucket/);
  });

  it("sets API Gateway's account-wide logging role only when asked (context apiGatewayLogsRole), with AWS's policy for it", () => {
    expect(template.findResources('AWS::ApiGateway::Account')).toEqual({});
    const { app, stack } = deployedApp({ nag: true, context: { apiGatewayLogsRole: 'true' } });
    expect(() => app.synth()).not.toThrow();
    const withRole = Template.fromStack(stack);
    const [account] = Object.values(withRole.findResources('AWS::ApiGateway::Account'));
    const roleId = (account!.Properties.CloudWatchRoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    expect(withRole.toJSON().Resources[roleId].Properties).toMatchObject({
      AssumeRolePolicyDocument: { Statement: [{ Principal: { Service: 'apigateway.amazonaws.com' } }] },
      ManagedPolicyArns: [{ 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs']] }],
    });
  });

  it('puts a web ACL (us-east-1) in front of CloudFront: a rate limit per address and AWS managed rule groups', () => {
    const { app, edge, stack } = deployedApp();
    app.synth();
    expect(edge.region).toBe('us-east-1');
    const acl = Template.fromStack(edge).findResources('AWS::WAFv2::WebACL');
    const [webAcl] = Object.values(acl);
    expect(webAcl?.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    const rules = webAcl!.Properties.Rules as Array<{ Name: string; Statement: Record<string, any>; Action?: unknown }>;
    expect(rules.find((rule) => rule.Name === 'RateLimitPerAddress')).toMatchObject({ Action: { Block: {} }, Statement: { RateBasedStatement: { Limit: RATE_LIMIT_PER_5_MINUTES, AggregateKeyType: 'IP' } } });
    expect(rules.map((rule) => rule.Statement.ManagedRuleGroupStatement?.Name).filter(Boolean)).toEqual([...managedRuleGroups]);
    const distribution = Object.values(Template.fromStack(stack).findResources('AWS::CloudFront::Distribution'))[0]!;
    expect(distribution.Properties.DistributionConfig.WebACLId).toBeDefined();
  });

  it('logs every request (both API stages, CloudFront, the uploads and archive buckets), protects the tables from deletion, and alarms when the notifier dead-letters', () => {
    for (const stage of Object.values(template.findResources('AWS::ApiGatewayV2::Stage'))) {
      expect(stage.Properties.AccessLogSettings?.DestinationArn).toBeDefined();
      expect(Object.keys(JSON.parse(stage.Properties.AccessLogSettings.Format))).toEqual(expect.arrayContaining(['requestId', 'status', 'routeKey']));
    }
    const logsBucketId = onlyId(template.findResources('AWS::S3::Bucket', { Properties: { OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] } } }));
    const logged = Object.values(template.findResources('AWS::S3::Bucket')).filter((bucket) => bucket.Properties.LoggingConfiguration);
    expect(logged).toHaveLength(3);
    for (const bucket of logged) expect(bucket.Properties.LoggingConfiguration.DestinationBucketName).toEqual({ Ref: logsBucketId });
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!;
    expect(distribution.Properties.DistributionConfig.Logging).toMatchObject({ Bucket: { 'Fn::GetAtt': [logsBucketId, 'RegionalDomainName'] }, Prefix: 'cloudfront/' });
    for (const table of Object.values(template.findResources('AWS::DynamoDB::Table'))) {
      expect(table.Properties).toMatchObject({ DeletionProtectionEnabled: true, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } });
    }
    const dlqId = onlyId(template.findResources('AWS::SQS::Queue'));
    const topicId = onlyId(template.findResources('AWS::SNS::Topic'));
    // The alarms are in their nested stack (parameters resolved to the app's resources: see monitoringOf).
    monitoring.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      AlarmActions: [{ Ref: topicId }],
    });
    synth({ alarmEmail: 'ops@builder.example' }).hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@builder.example' });
  });

  it('alarms to the topic on 5xx rate, every function\'s errors, Lambda throttles, each table\'s throttles and system errors, failed notices; one dashboard of golden signals per route group', () => {
    const topicId = onlyId(template.findResources('AWS::SNS::Topic'));
    const alarms = Object.values(monitoring.template.findResources('AWS::CloudWatch::Alarm'));
    for (const alarm of alarms) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
    const described = (text: RegExp) => alarms.filter((alarm) => text.test(String(alarm.Properties.AlarmDescription)));
    // Each function of ours has its errors alarm, on its own Errors metric.
    const fnIds = ourFunctions().map(([id]) => id);
    const errorAlarms = alarms.filter((alarm) => alarm.Properties.MetricName === 'Errors' && alarm.Properties.Namespace === 'AWS/Lambda');
    expect(errorAlarms.map((alarm) => alarm.Properties.Dimensions[0].Value.Ref).sort()).toEqual([...fnIds].sort());
    expect(described(/5xx/)).toHaveLength(1);
    const rate = JSON.stringify(described(/5xx/)[0]!.Properties.Metrics);
    expect(rate).toContain('"MetricName":"5xx"');
    expect(rate).toContain('"MetricName":"Count"');
    expect(rate).toContain(`{"Name":"ApiId","Value":{"Ref":"${httpApiId}"}}`);
    expect(described(/throttled \(account concurrency/)).toHaveLength(1);
    for (const table of ['Events', 'State']) {
      expect(described(new RegExp(`^${table} table requests throttled`))).toHaveLength(1);
      expect(described(new RegExp(`^${table} table system errors`))).toHaveLength(1);
      const tableId = tableIdFor(table === 'Events' ? eventsTable : stateTable);
      for (const alarm of described(new RegExp(`^${table} table`))) expect(JSON.stringify(alarm.Properties.Metrics)).toContain(`{"Name":"TableName","Value":{"Ref":"${tableId}"}}`);
    }
    const notices = described(/Live notices to browsers failed/)[0]!;
    expect(notices.Properties).toMatchObject({ Namespace: 'ConstructionChecklist', MetricName: 'NoticesFailed' });

    const dashboard = Object.values(template.findResources('AWS::CloudWatch::Dashboard'))[0]!;
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const group of routeGroups) for (const signal of ['requests', 'errors', 'latency']) expect(body).toContain(`${group}: ${signal}`);
    expect(routeGroups).toEqual(expect.arrayContaining(['auth', 'projects', 'checklist-items', 'chat']));
  });

  it('runs the daily decisions digest on an EventBridge schedule, retried, with a role of its own (it scans the state table)', () => {
    const digestId = functionIdByDescription(`schedule: ${handlerModulePath(dailyDigest.handler)}`);
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: `cron(${dailyDigest.schedule.minute} ${dailyDigest.schedule.hour} * * ? *)`,
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [digestId, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 2 } })],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', { FunctionName: { 'Fn::GetAtt': [digestId, 'Arn'] }, Principal: 'events.amazonaws.com' });
    const role = (template.findResources('AWS::Lambda::Function')[digestId]!.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
    expect(role).toMatch(/^FunctionRoleDailyDigest/);
    expect(ourFunctions().filter(([, fn]) => fn.Properties.Role['Fn::GetAtt'][0] === role).map(([id]) => id)).toEqual([digestId]);
  });

  it('rotates the session key every 30 days with its own function, and lets only the functions that declare it read it', () => {
    const secretId = onlyId(template.findResources('AWS::SecretsManager::Secret', { Properties: { Description: Match.stringLikeRegexp('session tokens') } }));
    const rotatorId = functionIdByDescription(`secret-rotation: ${handlerModulePath(sessionKeyRotator.handler)}`);
    template.hasResourceProperties('AWS::SecretsManager::RotationSchedule', {
      SecretId: { Ref: secretId },
      RotationLambdaARN: { 'Fn::GetAtt': [rotatorId, 'Arn'] },
      RotationRules: { ScheduleExpression: `rate(${sessionKeyRotator.everyDays} days)` },
    });
    for (const [fnId, fn] of ourFunctions()) {
      const reads = statementsOf(fnId).some((statement) => [statement.Action].flat().includes('secretsmanager:GetSecretValue') && JSON.stringify(statement.Resource).includes(secretId));
      expect(reads, fn.Properties.Description).toBe(needsOf(handlerOf(fn.Properties.Description)).sessionKey !== undefined);
    }
    expect(needsOf(streamProcessors.handler).sessionKey).toBeUndefined();
  });

  it('serves a custom domain with TLS 1.2 at the least when given one with its certificate', () => {
    const custom = synth({ domainName: 'app.builder.example', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' });
    const distribution = Object.values(custom.findResources('AWS::CloudFront::Distribution'))[0]!;
    expect(distribution.Properties.DistributionConfig).toMatchObject({
      Aliases: ['app.builder.example'],
      ViewerCertificate: { MinimumProtocolVersion: 'TLSv1.2_2021', AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' },
    });
    expect(() => synth({ domainName: 'app.builder.example' })).toThrow(/domainName and certificateArn go together/);
  });
});

describe('Lambda bundling', () => {
  it(
    'bundles a handler with the local esbuild into an importable ESM file with a source map',
    async () => {
      const app = new App();
      const stack = new Stack(app, 'BundlingCheck');
      new HandlerFunction(stack, 'Health', { handler: httpRoutes.health.handler, description: 'route: GET /api/health', environment: {} });
      const assembly = app.synth();

      Template.fromStack(stack).hasResourceProperties('AWS::Lambda::Function', {
        Handler: 'index.handler',
        Runtime: 'nodejs24.x',
        Code: { S3Key: Match.stringLikeRegexp('\\.zip$') },
      });
      const assetDirs = readdirSync(assembly.directory).filter((name) => name.startsWith('asset.'));
      const bundleDir = assetDirs.map((name) => join(assembly.directory, name)).find((dir) => existsSync(join(dir, 'index.mjs')));
      expect(bundleDir).toBeDefined();
      expect(existsSync(join(bundleDir!, 'index.mjs.map'))).toBe(true);
      // Importing (not `node -e`) is what reveals "Dynamic require of ... is not supported".
      // A handler checks its configuration when loaded, as in a Lambda's init: without a session
      // key (or with the public local one) it refuses to load; with one it loads.
      const load = () => import(`${pathToFileURL(join(bundleDir!, 'index.mjs')).href}?${Math.random()}`);
      // As in AWS: not the local cloud (whose setup may have set APP_MODE in this process).
      const saved = { secret: process.env.SESSION_SECRET, mode: process.env.APP_MODE };
      delete process.env.APP_MODE;
      try {
        process.env.SESSION_SECRET = 'local-development-secret-not-for-production';
        await expect(load()).rejects.toThrow(/SESSION_SECRET must be set to a random key/);
        process.env.SESSION_SECRET = 'a-random-key-of-at-least-32-characters-here';
        const bundle = await load();
        expect(typeof bundle.handler).toBe('function');
      } finally {
        for (const [name, value] of [['SESSION_SECRET', saved.secret], ['APP_MODE', saved.mode]] as const) {
          if (value === undefined) delete process.env[name];
          else process.env[name] = value;
        }
      }
    },
    120_000,
  );
});

describe("the operator's plane (issue 31)", () => {
  const operator = Template.fromStack(appStack.operator);
  const operatorResources = operator.toJSON().Resources as Record<string, Resource>;
  const operatorFnId = onlyId(operator.findResources('AWS::Lambda::Function', { Properties: { Description: `operator-api: ${handlerModulePath(operatorApi.handler)}` } }));

  it('serves the operators on an API of their own, IAM-authorised on every path, never through CloudFront', () => {
    const [api] = Object.values(operator.findResources('AWS::ApiGatewayV2::Api'));
    expect(api!.Properties).toMatchObject({ ProtocolType: 'HTTP', Name: 'construction-checklist-operator' });
    const routes = Object.values(operator.findResources('AWS::ApiGatewayV2::Route'));
    expect(routes.map((route) => [route.Properties.RouteKey, route.Properties.AuthorizationType])).toEqual([['ANY /operator/{proxy+}', 'AWS_IAM']]);
    const [stage] = Object.values(operator.findResources('AWS::ApiGatewayV2::Stage'));
    expect(Object.keys(JSON.parse(stage!.Properties.AccessLogSettings.Format))).toEqual(expect.arrayContaining(['requestId', 'caller', 'status']));
    // The product's API is CloudFront's only API origin: the operators' one is not reachable from the site.
    expect(JSON.stringify(Object.values(template.findResources('AWS::CloudFront::Distribution')))).not.toContain('construction-checklist-operator');
    expect(Object.keys(template.toJSON().Outputs)).toContain('OperatorApiUrl');
  });

  it("runs the offboarding sweep daily on the same function, which alarms on errors and has the app's configuration", () => {
    const [rule] = Object.values(operator.findResources('AWS::Events::Rule'));
    expect(rule!.Properties.ScheduleExpression).toBe(`cron(${operatorApi.sweepSchedule.minute} ${operatorApi.sweepSchedule.hour} * * ? *)`);
    expect(JSON.stringify(rule!.Properties.Targets)).toContain(operatorFnId);
    const alarms = Object.values(operator.findResources('AWS::CloudWatch::Alarm'));
    expect(alarms.map((alarm) => alarm.Properties.MetricName)).toEqual(['Errors']);
    expect(Object.keys(operatorResources[operatorFnId]!.Properties!.Environment.Variables)).toEqual(expect.arrayContaining([envNames.eventsTable, envNames.stateTable, envNames.uploadsBucket]));
  });

  it('grants the operators\' function what offboarding needs and no more: tenant exports under exports/tenants/, removal of events, keys, objects and archives', () => {
    // Its role is its own (FunctionRoles' `own`), in the app's stack, passed to the nested one as a parameter.
    const roleId = Object.keys(resources).find((id) => resources[id]!.Type === 'AWS::IAM::Role' && id.startsWith('FunctionRoleOperatorApi'));
    expect(roleId, 'the operator role, in the app stack').toBeDefined();
    const statements = (resources[roleId!]!.Properties!.Policies as Array<{ PolicyDocument: { Statement: Statement[] } }>).flatMap((policy) => policy.PolicyDocument.Statement);
    const text = JSON.stringify(statements);
    expect(text).toContain('dynamodb:DeleteItem');
    expect(text).toContain('/exports/tenants/*');
    // Its closed projects' archives go with it (read for the export, then deleted).
    expect(text).toContain('/archive/*');
    expect(text).not.toContain('ses:SendEmail');
  });

  it('archives closed projects to a private, versioned bucket that turns colder after 90 days', () => {
    const [archive] = Object.values(template.findResources('AWS::S3::Bucket', { Properties: { VersioningConfiguration: { Status: 'Enabled' } } }));
    expect(archive!.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
    const rules = archive!.Properties.LifecycleConfiguration.Rules as Array<Record<string, any>>;
    expect(rules.find((rule) => rule.Id === 'ColderAfter90Days')).toMatchObject({ Transitions: [{ StorageClass: 'GLACIER_IR', TransitionInDays: 90 }] });
  });
});
