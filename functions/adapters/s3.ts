import { S3Client } from '@aws-sdk/client-s3';
import { config } from '../config';
import { boundedClient } from './bounded-clients';

/** The S3 client, one per Lambda instance, created on first use (see dynamo.ts). */
let s3Client: S3Client | undefined;

export const s3 = (): S3Client =>
  (s3Client ??= boundedClient('s3', (options) =>
    new S3Client({
      ...options,
      // S3-compatible servers (s3rver, LocalStack) want path-style URLs.
      forcePathStyle: config().s3Compatible,
      // Checksums only where an operation requires them: otherwise s3rver stores streamed uploads
      // with their chunk framing, and a presigned PUT carries the CRC32 of the empty body it was
      // signed with, which real S3 then holds against the browser's file.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  ));
