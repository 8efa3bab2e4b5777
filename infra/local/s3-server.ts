import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** An S3-compatible server (s3rver), and the uploads bucket on whichever S3 the app talks to. */

export async function startS3(options: { port: number; directory: string }) {
  const server = new S3rver({ address: '127.0.0.1', port: options.port, directory: options.directory, silent: true });
  await server.run();
  return { endpoint: `http://127.0.0.1:${options.port}`, stop: () => server.close() };
}

/**
 * Creates the bucket if needed, with CORS for browsers' form POSTs of presigned uploads. Any origin:
 * the app's address (the gateway's port, or Vite's) is chosen after the bucket exists, and the
 * signed policy in the form, not the origin, is what lets a file in. Reads go through the app's own
 * `/objects/*`, so S3 allows no cross-origin GET.
 */
export async function ensureUploadsBucket(bucket: string): Promise<void> {
  const client = new S3Client({ forcePathStyle: true });
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket })).catch(() => client.send(new CreateBucketCommand({ Bucket: bucket })));
    await client.send(
      new PutBucketCorsCommand({
        Bucket: bucket,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: ['*'],
              AllowedMethods: ['POST'],
              AllowedHeaders: ['*'],
              ExposeHeaders: ['ETag'],
              MaxAgeSeconds: 3000,
            },
          ],
        },
      }),
    );
  } finally {
    client.destroy();
  }
}

/** Creates a private bucket if needed (the archive of closed projects: read by the app only, no CORS). */
export async function ensureBucket(bucket: string): Promise<void> {
  const client = new S3Client({ forcePathStyle: true });
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket })).catch(() => client.send(new CreateBucketCommand({ Bucket: bucket })));
  } finally {
    client.destroy();
  }
}
