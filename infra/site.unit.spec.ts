import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { HttpApi, WebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { Site } from './constructs/site';

type Resource = { Type: string; Properties: Record<string, any>; DependsOn?: string[] };

/** The Site alone, on a stand-in build (an index.html and one hashed script), bundling skipped. */
const webDir = mkdtempSync(join(tmpdir(), 'cc-site-'));
mkdirSync(join(webDir, 'assets'));
writeFileSync(join(webDir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-AbCd1234.js"></script>');
writeFileSync(join(webDir, 'assets/index-AbCd1234.js'), 'console.log(1)');
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new Stack(app, 'SiteOnly', { env: { account: '123456789012', region: 'eu-west-1' } });
new Site(stack, 'Site', {
  httpApi: new HttpApi(stack, 'Http'),
  webSocketApi: new WebSocketApi(stack, 'Ws'),
  webSocketStageName: 'live',
  uploadsBucket: new Bucket(stack, 'Uploads'),
  originSecret: 'secret',
  webDir,
  accessLogsBucket: new Bucket(stack, 'AccessLogs'),
});
const resources = Template.fromStack(stack).toJSON().Resources as Record<string, Resource>;
const ofType = (type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);

describe('the web app on CloudFront (issue 14: as the local gateway serves it)', () => {
  it('compresses the app: brotli or gzip, with a cache policy that keys on Accept-Encoding', () => {
    const [[, distribution]] = ofType('AWS::CloudFront::Distribution') as [[string, Resource]];
    const app = distribution.Properties.DistributionConfig.DefaultCacheBehavior;
    expect(app.Compress).toBe(true);
    // Managed CachingOptimized: gzip and brotli enabled (a custom policy without them would not compress).
    expect(app.CachePolicyId).toBe('658327ea-f89d-4fab-a63d-7e88639e58f6');
  });

  it('caches hashed assets for a year and revalidates index.html, by each object\'s Cache-Control', () => {
    const deployments = ofType('Custom::CDKBucketDeployment');
    expect(deployments).toHaveLength(2);
    const [assetsId, assets] = deployments.find(([, d]) => d.Properties.DestinationBucketKeyPrefix === 'assets/')!;
    const [, shell] = deployments.find(([id]) => id !== assetsId)!;

    expect(assets.Properties.SystemMetadata).toEqual({ 'cache-control': 'public, max-age=31536000, immutable' });
    // Old chunks stay for pages loaded before a deploy.
    expect(assets.Properties.Prune).toBe(false);

    expect(shell.Properties.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    expect(shell.Properties.Exclude).toEqual(['assets/*']);
    expect(shell.Properties.DistributionPaths).toEqual(['/*']);
    // index.html goes live after the scripts it names.
    expect(shell.DependsOn).toContain(assetsId);
  });
});
