import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { IHttpApi, IWebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../../functions/http/client-address';
import { appContentSecurityPolicy, HSTS_MAX_AGE_SECONDS, REFERRER_POLICY } from '../../functions/http/security-headers';
import { IMMUTABLE, REVALIDATE } from '../local/gateway/web-app';
import { webDistDir } from '../paths';

/** The web app manifest vite-plugin-pwa writes (vite.config.ts). */
export const WEB_MANIFEST = 'manifest.webmanifest';

export interface SiteProps {
  readonly httpApi: IHttpApi;
  readonly webSocketApi: IWebSocketApi;
  readonly webSocketStageName: string;
  readonly uploadsBucket: IBucket;
  /**
   * Sent to both APIs as x-origin-verify, by CloudFront only: the functions refuse a request
   * without it (it went to execute-api around the WAF), and it vouches for x-viewer-address
   * (functions/http/client-address.ts). CloudFront reaches the APIs at their execute-api
   * addresses, so those cannot be disabled without a custom API domain.
   */
  readonly originSecret: string;
  /** The built web app (default dist/web). */
  readonly webDir?: string;
  /** Where the web bucket's server access logs and CloudFront's standard logs go. */
  readonly accessLogsBucket: IBucket;
  /** The WAF web ACL (CloudFront scope, us-east-1) in front of the distribution. */
  readonly webAclArn?: string;
}

/**
 * The web app on a private S3 bucket behind CloudFront, which also routes
 * `/api/*` and `/objects/*` (photos, checked per request: issue 30) to the HTTP API and `/ws` to the
 * WebSocket API, so the browser talks to one origin (cookies included).
 */
export class Site extends Construct {
  readonly webBucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const executeApiDomain = (apiId: string) => `${apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;

    this.webBucket = new Bucket(this, 'WebBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Build output only: safe to delete with the stack.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'web-bucket/',
    });

    // SPA fallback on the default behaviour only: a path whose last segment has no extension is
    // a client-side route and gets index.html, or its own page where the build prerendered one
    // (issue 32: /login gets login.html, which draws before any script). No distribution-wide
    // error responses, which would also turn API and object 404s into index.html.
    const webDir = props.webDir ?? webDistDir;
    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve a prerendered page or /index.html for extension-less paths (client-side routes)',
      code: FunctionCode.fromInline(spaRewriteCode(prerenderedPages(webDir))),
    });

    // The WebSocket API only answers on its stage path.
    const wsRewrite = new CloudFrontFunction(this, 'WebSocketRewrite', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Map /ws to the WebSocket API stage',
      code: FunctionCode.fromInline(`function handler(event) {
  event.request.uri = '/${props.webSocketStageName}';
  return event.request;
}`),
    });

    // The viewer's address for the API (sign-in throttling), set here so a viewer cannot forge it:
    // behind CloudFront, API Gateway only sees CloudFront's address.
    const viewerAddress = new CloudFrontFunction(this, 'ViewerAddress', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Pass the viewer address to the API as x-viewer-address',
      code: FunctionCode.fromInline(`function handler(event) {
  event.request.headers['x-viewer-address'] = { value: event.viewer.ip };
  return event.request;
}`),
    });

    // The security headers of every answer (functions/http/security-headers.ts), on every behaviour.
    // Photos are served with the type their bytes showed when published; nosniff keeps a browser
    // from reading one as anything else (S3 object metadata cannot carry this header). The API's
    // own, stricter Content-Security-Policy is kept (override: false); S3's answers get the app's.
    // connect-src: the app itself ('self' covers wss: of the same origin in CSP Level 3; the
    // distribution's own name would be a dependency cycle here, so a custom domain given as the
    // `appUrl` context is named explicitly) and the uploads bucket, where browsers PUT photos to
    // presigned URLs (virtual-hosted, regional: https://<bucket>.s3.<region>.amazonaws.com).
    const appUrl = this.node.tryGetContext('appUrl') as string | undefined;
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Construction Checklist: CSP, nosniff, Referrer-Policy, HSTS',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: appContentSecurityPolicy({
            connectSources: [
              `https://${props.uploadsBucket.bucketRegionalDomainName}`,
              ...(appUrl ? [`wss://${new URL(appUrl).host}`] : []),
            ],
          }),
          override: false,
        },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: REFERRER_POLICY as HeadersReferrerPolicy, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: false, override: true },
      },
    });

    const uncachedProxy = {
      responseHeadersPolicy: securityHeaders,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    };

    // TLS 1.2 at the least needs a certificate of one's own: CloudFront's default *.cloudfront.net
    // certificate accepts TLS 1.0 and cannot be told otherwise. Context `domainName` with
    // `certificateArn` (ACM, us-east-1) serves the app on that name with TLSv1.2_2021.
    const domainName = this.node.tryGetContext('domainName') as string | undefined;
    const certificateArn = this.node.tryGetContext('certificateArn') as string | undefined;
    if (Boolean(domainName) !== Boolean(certificateArn)) throw new Error('Context domainName and certificateArn go together (the certificate must cover the domain, in us-east-1)');
    const ownName =
      domainName && certificateArn
        ? { domainNames: [domainName], certificate: Certificate.fromCertificateArn(this, 'Certificate', certificateArn), minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {};

    const httpApiOrigin = new HttpOrigin(executeApiDomain(props.httpApi.apiId), {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      readTimeout: Duration.seconds(30),
      // CloudFront replaces any viewer-sent header of this name.
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originSecret },
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Construction Checklist',
      httpVersion: HttpVersion.HTTP2_AND_3,
      ...ownName,
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: props.accessLogsBucket,
      logFilePrefix: 'cloudfront/',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.webBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          ...uncachedProxy,
          origin: httpApiOrigin,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          functionAssociations: [{ function: viewerAddress, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        '/objects/*': {
          // Issue 30: photos are private to their project. The photo route's function (GET
          // /objects/{key} on the HTTP API, functions/handlers/objects-get.ts) checks the session
          // cookie (forwarded: all viewer headers) against the photo's project and answers the
          // bytes; nothing is cached at the edge, so a removed client's next request is a 403.
          ...uncachedProxy,
          origin: httpApiOrigin,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        },
        '/ws': {
          ...uncachedProxy,
          origin: new HttpOrigin(executeApiDomain(props.webSocketApi.apiId), {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            // Checked on $connect (functions/handlers/ws-connect.ts), as the HTTP API checks it.
            customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originSecret },
          }),
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          functionAssociations: [{ function: wsRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });

    // Deploy the built app only if it has been built, so synth works before `vite build`. The
    // browser's cache, as the local gateway sets it (infra/local/gateway/web-app.ts), travels as
    // each object's Cache-Control (CloudFront passes it on): hashed files under assets/ never
    // change under their name, so a year; index.html and the other unhashed files are revalidated
    // on every load, so a deploy shows at once. Among them the service worker (sw.js and its
    // Workbox runtime) and the web app manifest (issue 29): a browser checks sw.js for a new
    // version on each visit, and an old one it kept would hide every deploy. The manifest goes
    // apart, for its own content type (S3 guesses types from the name, and .webmanifest is not
    // one every guesser knows). The default behaviour compresses (brotli or gzip, as
    // CachingOptimized keys on Accept-Encoding).
    if (existsSync(join(webDir, 'index.html'))) {
      // Earlier builds' files are kept: a page loaded before a deploy still finds its lazy chunks.
      const hashedAssets = new BucketDeployment(this, 'WebAssetsDeployment', {
        sources: [Source.asset(join(webDir, 'assets'))],
        destinationBucket: this.webBucket,
        destinationKeyPrefix: 'assets/',
        cacheControl: [CacheControl.fromString(IMMUTABLE)],
        prune: false,
        memoryLimit: 512,
      });
      const manifestPath = join(webDir, WEB_MANIFEST);
      const manifest = existsSync(manifestPath)
        ? new BucketDeployment(this, 'WebManifestDeployment', {
            sources: [Source.data(WEB_MANIFEST, readFileSync(manifestPath, 'utf8'))],
            destinationBucket: this.webBucket,
            contentType: 'application/manifest+json',
            cacheControl: [CacheControl.fromString(REVALIDATE)],
            // The only file here: pruning would delete the rest of the app.
            prune: false,
            memoryLimit: 512,
          })
        : undefined;
      const appShell = new BucketDeployment(this, 'WebDeployment', {
        sources: [Source.asset(webDir, { exclude: ['assets', WEB_MANIFEST] })],
        destinationBucket: this.webBucket,
        // Neither uploaded nor pruned here: the deployments above own them.
        exclude: ['assets/*', WEB_MANIFEST],
        cacheControl: [CacheControl.fromString(REVALIDATE)],
        distribution: this.distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      });
      // The new index.html goes live only once the scripts it names are there, and the
      // distribution's cache is cleared after the manifest too.
      appShell.node.addDependency(hashedAssets);
      if (manifest) appShell.node.addDependency(manifest);
    }
  }
}

/** The pages the build wrote beside index.html (web/build/prerender.ts), by path: `/login` for login.html. */
export const prerenderedPages = (webDir: string): string[] =>
  existsSync(webDir)
    ? readdirSync(webDir)
        .filter((name) => name.endsWith('.html') && name !== 'index.html')
        .map((name) => `/${name.slice(0, -'.html'.length)}`)
        .sort()
    : [];

/** The viewer-request function of the app's behaviour: a prerendered page's own file, else index.html for a client-side route. */
export const spaRewriteCode = (pages: readonly string[]) => `var pages = ${JSON.stringify(Object.fromEntries(pages.map((page) => [page, `${page}.html`])))};
function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) { request.uri = pages[request.uri] || '/index.html'; }
  return request;
}`;
