import { invalid } from '../../events/errors';
import { publishedKeyOf } from '../../events/uploads/object-paths';
import { findPhotoRecord } from '../objects/photo-records';

/**
 * A punch item's photos must be photos published for its project (their record names it): a path
 * of another project's photo would show a stranger's home to this project's people. Only paths
 * the item does not have yet are looked up (`known`), side by side.
 */
export async function checkProjectPhotos(projectId: string, field: string, paths: readonly string[], known: readonly string[] = []): Promise<void> {
  const fresh = [...new Set(paths)].filter((path) => !known.includes(path));
  for (const path of fresh) if (!publishedKeyOf(path)) throw invalid(field, 'must be a published photo (/objects/…)');
  const records = await Promise.all(fresh.map((path) => findPhotoRecord(path)));
  if (records.some((record) => record?.projectId !== projectId)) throw invalid(field, 'must be a photo of this project');
}
