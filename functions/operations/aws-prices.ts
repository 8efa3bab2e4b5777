/**
 * AWS list prices the cost report (tenant-costs.ts) prices a tenant's month with: one table, US
 * East (N. Virginia), in US dollars, on-demand, before free tiers, discounts and taxes, as the
 * services' pricing pages give them (DynamoDB's after its November 2024 cut of on-demand
 * throughput). Checked on the date below against stored copies of those pages and summaries of
 * them, not the live pages: read the live pages before trusting the report to the cent. Prices
 * change: when the report's total strays from the bill (`--bill`), read them again and change the
 * figures and the date here, nowhere else.
 */

export const awsPrices = {
  /** When the figures were last checked (see above). */
  readOn: '2026-11-27',
  region: 'us-east-1',
  dynamodb: {
    /** On-demand, per million write request units (1 KB each; transactional writes take two). */
    writeRequestUnitsPerMillion: 0.625,
    /** On-demand, per million read request units (4 KB strongly consistent, 8 KB eventually). */
    readRequestUnitsPerMillion: 0.125,
    /** Standard table class, per GB-month stored (items and their index copies). */
    storageGbMonth: 0.25,
  },
  lambda: {
    /** Arm (Graviton), the stack's architecture: per GB-second, first 7.5 billion GB-s a month. */
    gbSecond: 0.0000133334,
    requestsPerMillion: 0.2,
  },
  apiGateway: {
    /** HTTP APIs, per million requests (first 300 million a month). */
    httpRequestsPerMillion: 1.0,
  },
  cloudFront: {
    /** Data transfer out to the internet, North America and Europe, first 10 TB a month, per GB. */
    dataTransferOutGb: 0.085,
    /** HTTPS requests, North America and Europe, per 10,000. */
    httpsRequestsPer10k: 0.01,
  },
  s3: {
    /** S3 Standard, first 50 TB, per GB-month. */
    storageGbMonth: 0.023,
  },
  ses: {
    /** Outbound e-mail, per 1,000 messages. */
    emailsPerThousand: 0.1,
  },
} as const;

export type AwsPrices = typeof awsPrices;
