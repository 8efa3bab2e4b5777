/**
 * The security headers of every answer, defined once and used by the handler toolkit (API
 * answers), the local gateway (web app, `/objects/*`, its own errors) and the CDK site construct
 * (CloudFront's response headers policy on every behaviour).
 *
 * - The web app's policy: scripts, fonts and everything else from the app's own origin only; images
 *   also from `data:`, `blob:` (previews of photos being uploaded) and any `https:` address
 *   (reference images are external links); connections to the app itself (API, `/ws`) plus the
 *   origin browsers PUT photos to (the uploads bucket: presigned URLs). Styles allow
 *   'unsafe-inline' because Radix's scroll lock injects a `<style>` element at runtime; scripts do not.
 * - API answers are data, never pages: their policy loads nothing at all.
 *
 * @example
 * res.setHeader('content-security-policy', appContentSecurityPolicy({ connectSources: ['http://127.0.0.1:4569'] }));
 */

/** The policy of the web app's pages. `connectSources` are added to connect-src beside 'self'. */
export function appContentSecurityPolicy(options: { connectSources?: readonly string[] } = {}): string {
  const connect = ["'self'", ...(options.connectSources ?? [])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${[...new Set(connect)].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy of API answers (JSON, PDFs): nothing to load, never framed. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** Two years, the usual HSTS lifetime; no includeSubDomains (a custom domain's siblings are not ours). */
export const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;
export const STRICT_TRANSPORT_SECURITY = `max-age=${HSTS_MAX_AGE_SECONDS}`;

/**
 * Headers every answer carries, whatever served it. Strict-Transport-Security only over HTTPS
 * (CloudFront adds it in AWS; browsers ignore it on plain-http localhost anyway).
 */
export function securityHeaders(csp: string, options: { https?: boolean } = {}): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': REFERRER_POLICY,
    ...(options.https ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

/** The headers of an API answer (set by the handler toolkit on every answer, errors included). */
export const apiSecurityHeaders: Readonly<Record<string, string>> = securityHeaders(API_CONTENT_SECURITY_POLICY);

/** The origin of a URL (`https://bucket.s3.eu-west-1.amazonaws.com`), for connect-src. */
export const originOf = (url: string): string => new URL(url).origin;
