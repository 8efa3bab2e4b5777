import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { s3 } from '../adapters/s3';
import { config } from '../config';
import { logger } from '../logger';
import { servedObjectKey } from '../objects/object-keys';
import { sniffImage } from '../objects/sniff-image';
import sharp from 'sharp';
import { markupSvg } from '../../events/uploads/markup-svg';
import { itemPhotos, type PhotoItem } from './item-photos';

/**
 * Our own uploaded photos, read from the uploads bucket and turned into data: URLs, so that the
 * PDF's page needs no network. Bounded: a few per item, none above a size, and a byte budget for
 * all of them, which keeps the PDF (sent base64, a third larger) well under Lambda's 6 MB answer.
 * Photos past a bound, missing or not a picture are counted as left out, never an error.
 */

export const photoLimits = {
  perItem: 3,
  /** A bigger photo would eat most of the budget on its own. */
  maxBytesEach: 1024 * 1024,
  totalBytes: 2.5 * 1024 * 1024,
} as const;

/** Reads at a time from the bucket. */
const CONCURRENCY = 6;

export interface InlinedPhotos {
  /** Photo reference (`/objects/<key>`) → data: URL, for the ones in the PDF. */
  readonly dataUrls: ReadonlyMap<string, string>;
  /**
   * Issue 30: photo reference → its markup drawn over it, as an SVG document (the photo inlined
   * in it, markup/text as vectors), for the inlined photos that have markup (events/uploads/markup-svg.ts).
   */
  readonly markedUp?: ReadonlyMap<string, string>;
  /** Uploaded photos not in the PDF (over a limit, missing, not a picture). */
  readonly leftOut: number;
}

/** Inlines the uploaded photos of these items, taken in this order until the budget is spent. */
export async function inlinePhotos(items: readonly PhotoItem[]): Promise<InlinedPhotos> {
  const limits = photoLimits;
  const candidates = new Set<string>();
  let leftOut = 0;
  for (const item of items) {
    const uploads = [...new Set(itemPhotos(item).map(({ ref }) => ref).filter((ref) => servedObjectKey(ref) !== undefined))];
    uploads.slice(0, limits.perItem).forEach((ref) => candidates.add(ref));
    leftOut += Math.max(0, uploads.length - limits.perItem);
  }

  const dataUrls = new Map<string, string>();
  const queue = [...candidates];
  let budget = limits.totalBytes;
  while (queue.length > 0 && budget > 0) {
    const batch = queue.splice(0, CONCURRENCY);
    const photos = await Promise.all(batch.map((ref) => readPhoto(servedObjectKey(ref)!, limits.maxBytesEach)));
    batch.forEach((ref, index) => {
      const photo = photos[index];
      // The first photo that does not fit spends the budget: later ones are not read at all.
      if (photo && photo.bytes.byteLength > budget) budget = 0;
      if (!photo || budget === 0) {
        leftOut++;
        return;
      }
      budget -= photo.bytes.byteLength;
      dataUrls.set(ref, `data:${photo.type};base64,${Buffer.from(photo.bytes).toString('base64')}`);
    });
  }
  return { dataUrls, markedUp: await markedUpPhotos(items, dataUrls), leftOut: leftOut + queue.length };
}

/** The inlined photos with markup, drawn with it at the photo's own size (whole, as the PDF's thumbnail box allows). */
async function markedUpPhotos(items: readonly PhotoItem[], dataUrls: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  const markedUp = new Map<string, string>();
  for (const item of items) {
    for (const [ref, markup] of Object.entries(item.photoMarkup ?? {})) {
      const dataUrl = dataUrls.get(ref);
      if (!dataUrl || markedUp.has(ref) || markup.shapes.length === 0) continue;
      const { width, height } = await sharp(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')).metadata();
      if (!width || !height) continue;
      markedUp.set(ref, markupSvg(markup, width, height, { image: dataUrl, style: MARKED_UP_STYLE, label: 'Photo with markup' }));
    }
  }
  return markedUp;
}

/** As the PDF's photo thumbnails (checklist-styles.ts `figure img`), but the photo whole, so no markup is cropped away. */
const MARKED_UP_STYLE = 'display:block;width:96pt;height:72pt;border:1px solid #e5e7eb;border-radius:3pt;background:#f9fafb';

/** The photo's bytes and picture type, or undefined when it is missing, too big or not a picture we show. */
async function readPhoto(key: string, maxBytes: number): Promise<{ bytes: Uint8Array; type: string } | undefined> {
  try {
    const { Body, ContentLength } = await s3().send(new GetObjectCommand({ Bucket: config().uploadsBucket, Key: key }));
    if (!Body) return undefined;
    if (ContentLength === undefined || ContentLength > maxBytes) {
      (Body as Readable).destroy();
      return undefined;
    }
    const bytes = await Body.transformToByteArray();
    // By the bytes, not the stored type, as the upload was checked.
    const type = sniffImage(bytes)?.contentType;
    return type && drawable.has(type) ? { bytes, type } : undefined;
  } catch (error) {
    // A missing photo is an expected case (deleted, never published): its name says enough.
    logger.warn('photo left out of the PDF', { key, reason: (error as Error).name });
    return undefined;
  }
}

/** What Chromium draws (HEIC and HEIF uploads are not). */
const drawable = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
