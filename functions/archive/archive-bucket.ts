import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '../adapters/s3';
import { config } from '../config';

/** The archive bucket: whole objects in, whole objects out. */

export async function putArchiveObject(key: string, body: Buffer): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: config().archiveBucket, Key: key, Body: body, ContentType: 'application/gzip' }));
}

export async function getArchiveObject(key: string): Promise<Uint8Array> {
  const { Body } = await s3().send(new GetObjectCommand({ Bucket: config().archiveBucket, Key: key }));
  if (!Body) throw new Error(`Archive object ${key} has no body`);
  return Body.transformToByteArray();
}

export async function deleteArchiveObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: config().archiveBucket, Key: key }));
}

/**
 * A tenant's archive objects (archive/<tenantId>/…): what a tenant export must carry besides the
 * tables, and what offboarding must delete.
 */
export async function tenantArchiveKeys(tenantId: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: config().archiveBucket, Prefix: `archive/${tenantId}/`, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
    token = page.NextContinuationToken;
  } while (token);
  return keys;
}
