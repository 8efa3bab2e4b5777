import { Duration, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership, StorageClass } from 'aws-cdk-lib/aws-s3';
import { UPLOADS_PREFIX } from '../../functions/objects/object-keys';

/** The access logs bucket, the uploads (photos) bucket and the archive of closed projects; the web app's bucket is Site's. */
export function buildBuckets(scope: Stack): { accessLogs: Bucket; uploads: Bucket; archive: Bucket } {
  // Server access logs of both buckets and CloudFront's standard logs (written with ACLs, hence
  // BUCKET_OWNER_PREFERRED). Kept a year.
  const accessLogs = new Bucket(scope, 'AccessLogsBucket', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
    removalPolicy: RemovalPolicy.RETAIN,
    lifecycleRules: [{ id: 'ExpireAccessLogs', expiration: Duration.days(365) }],
  });

  // Photos: browsers POST pending uploads to presigned forms under `uploads/`; published copies
  // under `objects/` (originals under `originals/`, thumbnails under `thumbnails/`) are read by the
  // functions only: the photo route answers a project's people (issue 30). Nothing here is public.
  const appOrigin = scope.node.tryGetContext('appUrl') as string | undefined;
  const uploads = new Bucket(scope, 'UploadsBucket', {
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
  // CloudFront has no access to this bucket (issue 30); were one ever given, never to a pending upload.
  uploads.addToResourcePolicy(
    new PolicyStatement({
      effect: Effect.DENY,
      principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
      actions: ['s3:GetObject'],
      resources: [uploads.arnForObjects(`${UPLOADS_PREFIX}*`)],
    }),
  );
  // Closed projects' events, moved out of the events table (issue 31): read when an archived project
  // is opened, which is rare after a few months, so they move to Glacier Instant Retrieval (still
  // read in milliseconds) after 90 days. Versioned: an archive is the only copy of those events.
  const archive = new Bucket(scope, 'ArchiveBucket', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    versioned: true,
    removalPolicy: RemovalPolicy.RETAIN,
    serverAccessLogsBucket: accessLogs,
    serverAccessLogsPrefix: 'archive-bucket/',
    lifecycleRules: [
      { id: 'ColderAfter90Days', transitions: [{ storageClass: StorageClass.GLACIER_INSTANT_RETRIEVAL, transitionAfter: Duration.days(90) }] },
      // A restored or re-archived project leaves its older version behind: kept a year, then gone.
      { id: 'ExpireOldVersions', noncurrentVersionExpiration: Duration.days(365) },
    ],
  });
  return { accessLogs, uploads, archive };
}
