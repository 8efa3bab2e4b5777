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
// What vite-plugin-pwa adds (issue 29): the service worker, its Workbox runtime, the manifest.
writeFileSync(join(webDir, 'sw.js'), 'importScripts("workbox-1a2b3c4d.js")');
writeFileSync(join(webDir, 'workbox-1a2b3c4d.js'), 'self.workbox = {}');
writeFileSync(join(webDir, 'manifest.webmanifest'), JSON.stringify({ name: 'Construction Checklist', start_url: '/' }));
// A page the build prerendered (issue 32).
writeFileSync(join(webDir, 'login.html'), '<!doctype html><main><h1>Sign In</h1></main>');
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

/** The URI the app behaviour's viewer-request function (CloudFront's JS 2.0) asks the bucket for. */
function viewerRequest(uri: string): string {
  const [[, rewrite]] = ofType('AWS::CloudFront::Function').filter(([, f]) => String(f.Properties.FunctionCode).includes('index.html')) as [[string, Resource]];
  const handler = new Function(`${rewrite.Properties.FunctionCode}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
  return handler({ request: { uri } }).uri;
}

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
    expect(deployments).toHaveLength(3);
    const [assetsId, assets] = deployments.find(([, d]) => d.Properties.DestinationBucketKeyPrefix === 'assets/')!;
    const [manifestId] = deployments.find(([, d]) => d.Properties.SystemMetadata?.['content-type'])!;
    const [, shell] = deployments.find(([id]) => id !== assetsId && id !== manifestId)!;

    expect(assets.Properties.SystemMetadata).toEqual({ 'cache-control': 'public, max-age=31536000, immutable' });
    // Old chunks stay for pages loaded before a deploy.
    expect(assets.Properties.Prune).toBe(false);

    // index.html and the rest of the shell (sw.js and its Workbox runtime among them) revalidated on every load.
    expect(shell.Properties.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    expect(shell.Properties.Exclude).toEqual(['assets/*', 'manifest.webmanifest']);
    expect(shell.Properties.DistributionPaths).toEqual(['/*']);
    // index.html goes live after the scripts it names.
    expect(shell.DependsOn).toContain(assetsId);
  });

  it('serves the service worker and the manifest revalidated on every load, the manifest with its own type (issue 29)', () => {
    const deployments = ofType('Custom::CDKBucketDeployment');
    const [manifestId, manifest] = deployments.find(([, d]) => d.Properties.SystemMetadata?.['content-type'])!;
    expect(manifest.Properties.SystemMetadata).toEqual({ 'cache-control': 'no-cache', 'content-type': 'application/manifest+json' });
    // Alone in its deployment: pruning would delete the rest of the app.
    expect(manifest.Properties.Prune).toBe(false);
    expect(manifest.Properties.DestinationBucketKeyPrefix).toBeUndefined();
    const [, shell] = deployments.find(([id, d]) => id !== manifestId && d.Properties.DestinationBucketKeyPrefix !== 'assets/')!;
    // sw.js is not excluded from the shell, whose objects are all no-cache; the distribution's cache is cleared after both.
    expect(shell.Properties.Exclude.some((pattern: string) => /sw|workbox/.test(pattern))).toBe(false);
    expect(shell.DependsOn).toContain(manifestId);
    // The SPA rewrite leaves files with an extension alone: /sw.js is the worker, not index.html.
    expect(viewerRequest('/sw.js')).toBe('/sw.js');
  });

  it('gives a prerendered page its own file and every other client-side route index.html (issue 32)', () => {
    expect(viewerRequest('/login')).toBe('/login.html');
    expect(viewerRequest('/projects/p1/checklist')).toBe('/index.html');
    expect(viewerRequest('/')).toBe('/index.html');
    expect(viewerRequest('/login.html')).toBe('/login.html');
  });

  it("lets the app's own origin run its service worker and give its manifest (issue 29)", () => {
    const [[, policy]] = ofType('AWS::CloudFront::ResponseHeadersPolicy') as [[string, Resource]];
    // The policy as CloudFront sends it, the uploads bucket's address (a token here) left as a placeholder.
    const value = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    const csp = typeof value === 'string' ? value : (value['Fn::Join'][1] as unknown[]).map((part) => (typeof part === 'string' ? part : 'bucket')).join('');
    const directives = new Map(
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name = '', ...sources]) => [name, sources] as const),
    );
    // CSP Level 3 fallbacks: worker-src → child-src → script-src → default-src; manifest-src → default-src.
    const allowed = (chain: string[]) => directives.get(chain.find((name) => directives.has(name)) ?? '') ?? [];
    expect(allowed(['worker-src', 'child-src', 'script-src', 'default-src'])).toContain("'self'");
    expect(allowed(['manifest-src', 'default-src'])).toContain("'self'");
  });
});
