import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import pMap from 'p-map';
import { purgeFromCdn } from '../adapters/cloudfront';
import { dynamo } from '../adapters/dynamo';
import { s3 } from '../adapters/s3';
import { config } from '../config';
import { logger } from '../logger';
import { originalKeyOf, thumbnailKeyOf, UPLOADS_PREFIX } from '../objects/object-keys';
import { deletePhotoRecord } from '../objects/photo-records';
import type { CabinetDetails } from '../../events/projects/events';
import { listChecklist } from '../projects/read';
import { punchItemViews } from '../punch/read';
import { bucketKeysOf, uploadRecordsOfUser } from './uploaded-photos';

/**
 * An erased person's photos: those they uploaded (upload records, and the PhotoPublished events
 * they made) that no remaining item of their projects shows any more are deleted from the bucket
 * (the served copy, the private original and the thumbnail: issue 30) with their photo records,
 * and purged from the CDN's edges; their pending uploads and upload records go too. A photo an item
 * still shows stays: it is the project's record now, as the free text they wrote is.
 */

const PROJECTS_AT_ONCE = 4;

/**
 * Every image reference the projects' views hold now (deleted items and projects hold none): the
 * items' images (their cabinet parts' too) and, issue 30, their punch items' photos.
 */
async function imagesInUse(projectIds: readonly string[]): Promise<string[]> {
  const lists = await pMap(
    projectIds,
    async (projectId) => {
      const [{ items }, punch] = await Promise.all([listChecklist(projectId), punchItemViews(projectId)]);
      const itemImages = [...items.values()].flat().flatMap((item) => [...(item.referenceImages ?? []), ...(item.cabinetImages ?? []), ...cabinetPartImages(item.cabinetDetails ?? null)]);
      return [...itemImages, ...punch.flatMap((view) => [...(view.photos ?? []), ...(view.fixPhoto ? [view.fixPhoto] : [])])];
    },
    { concurrency: PROJECTS_AT_ONCE },
  );
  return lists.flat();
}

const cabinetPartImages = (details: CabinetDetails | null): string[] =>
  details ? (['styleImages', 'woodImages', 'colorImages', 'pullsImages', 'specialFeaturesImages'] as const).flatMap((key) => details[key] ?? []) : [];

async function pendingUploadsOf(userId: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: config().uploadsBucket, Prefix: `${UPLOADS_PREFIX}${userId}/`, ContinuationToken: token }));
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    token = page.NextContinuationToken;
  } while (token);
  return keys;
}

/**
 * Removes the person's photos that no item of `projectIds` uses (views read after the erasure's
 * rebuild) and their pending uploads; answers the published paths removed. `publishedPaths`: the
 * paths of their PhotoPublished events (functions/people/person-projects.ts).
 */
export async function removeUnusedPhotos(userId: string, projectIds: readonly string[], publishedPaths: Iterable<string>): Promise<string[]> {
  const records = await uploadRecordsOfUser(userId);
  const theirs = bucketKeysOf([...publishedPaths, ...records.map((record) => record.objectPath)]);
  const used = await imagesInUse(projectIds);
  // A reference may be the bare path or a full URL ending in it.
  const unused = [...theirs].filter((key) => !used.some((image) => image === `/${key}` || image.endsWith(`/${key}`)));
  // Issue 30: with each served copy go its private original and its thumbnail.
  const keys = [...unused.flatMap((key) => [key, originalKeyOf(key), thumbnailKeyOf(key)]), ...(await pendingUploadsOf(userId))];
  for (let i = 0; i < keys.length; i += 1000) {
    const batch = keys.slice(i, i + 1000);
    await s3().send(new DeleteObjectsCommand({ Bucket: config().uploadsBucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
  }
  for (const { pk, sk } of records) await dynamo().send(new DeleteCommand({ TableName: config().stateTable, Key: { pk, sk } }));
  const paths = unused.map((key) => `/${key}`);
  // The photo records go with the photos (what they name no longer exists).
  for (const path of paths) await deletePhotoRecord(path);
  try {
    await purgeFromCdn(paths, `erase-${userId}-${Date.now()}`);
  } catch (error) {
    // The erasure stands (the photos are gone from the bucket); the edges keep a copy until purged by hand.
    logger.error('CDN purge failed: invalidate these paths by hand', { paths, error: error as Error });
  }
  return paths;
}
