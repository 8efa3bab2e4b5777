import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import exif from 'exif-reader';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditExport } from '../../contract/audit';
import { verifyAuditRecord } from '../../events/audit-verification';
import type { StoredEvent } from '../../events/envelope';
import { markupLimits, type Markup } from '../../events/uploads/markup';
import { photoMessages, type PublishAnswer, type UploadAnswer } from '../../events/uploads/photo-rules';
import { s3 } from '../../functions/adapters/s3';
import { eventStore } from '../../functions/commands/event-store';
import { config } from '../../functions/config';
import { postedObjectLocation } from '../../functions/objects/object-keys';
import { findPhotoRecord } from '../../functions/objects/photo-records';
import { notYourPhoto } from '../../functions/objects/serve-photo';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { backfillPhotoRecords } from '../../functions/objects/photo-backfill';
import { signedUp, uniqueEmail } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { runScript } from '../support/run-script';
import { expectReplayEqualsLive } from '../support/views';

/**
 * Issue 30, photos private and evidence-grade, through the local gateway against DynamoDB Local
 * and s3rver: who may fetch a photo, what the server proves of it at publishing (hash, capture
 * time, place only when opted in), what it serves (no metadata), a cut-off or repeated publish,
 * markup and before / after pairs as item data, the PDF with the markup, and the audit record.
 */

type Person = Awaited<ReturnType<typeof signedUp>>;
type Answer<T> = { status: number; body: T & { message?: string; fieldErrors?: Record<string, string[]> } };

const workDir = mkdtempSync(join(tmpdir(), 'private-photos-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A photo as a phone takes it: JPEG with EXIF DateTimeOriginal (+02:00) and GPS (51° 30' N, 0° 7' 30" W). */
async function phonePhoto(colour = '#b0b8c0'): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Evidence 1' },
      IFD2: { DateTimeOriginal: '2024:05:06 07:08:09', OffsetTimeOriginal: '+02:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 30/1' },
    })
    .toBuffer();
}

/** A plain picture without EXIF. */
const plainPng = () => sharp({ create: { width: 320, height: 200, channels: 3, background: '#777777' } }).png().toBuffer();

async function requestUpload(person: Person): Promise<UploadAnswer> {
  const answer = await person.api.post<UploadAnswer>('/api/objects/upload');
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The browser's form POST; `sent` lets a test post fewer bytes than it will declare (a cut-off upload). */
async function upload(person: Person, bytes: Buffer, contentType = 'image/jpeg') {
  const form = await requestUpload(person);
  const data = new FormData();
  for (const [name, value] of Object.entries(form.fields)) data.set(name, value);
  data.set('Content-Type', contentType);
  data.set('file', new Blob([new Uint8Array(bytes)], { type: contentType }));
  expect((await fetch(form.uploadURL, { method: 'POST', body: data })).status).toBe(204);
  return { objectURL: postedObjectLocation(form.uploadURL, form.fields.key!), key: form.fields.key! };
}

const publish = (person: Person, body: Record<string, unknown>) => person.api.put<PublishAnswer>('/api/objects/acl', { visibility: 'public', ...body }) as Promise<Answer<PublishAnswer>>;

/** A fetch as a browser's <img> makes it: with the person's session cookie, or none. */
const fetchAs = (api: ApiClient | undefined, path: string, init: RequestInit = {}) =>
  fetch(`${new ApiClient().baseUrl}${path}`, { ...init, headers: api?.cookie ? { cookie: api.cookie } : {} });

async function stored(key: string): Promise<Buffer | undefined> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: config().uploadsBucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
    throw error;
  }
}

async function exists(key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: config().uploadsBucket, Key: key }));
    return true;
  } catch {
    return false;
  }
}

const keysUnder = async (prefix: string) => ((await s3().send(new ListObjectsV2Command({ Bucket: config().uploadsBucket, Prefix: prefix }))).Contents ?? []).map((object) => object.Key!);

/** A contractor's project with its client signed up (so assigned), and a kitchen item. */
async function projectWithItem() {
  const contractor = await signedUp('contractor');
  const client = await signedUp('client');
  const created = await contractor.api.post('/api/projects', { name: 'Quarry Row', address: '9 Quarry Row', clientName: 'Chris Owner', clientEmail: client.user.email });
  expect(created.status).toBe(201);
  const projectId = created.body.id as string;
  const rooms = (await contractor.api.get(`/api/projects/${projectId}/rooms`)).body as { id: string; type: string }[];
  const kitchen = rooms.find((room) => room.type === 'kitchen')!;
  const [item] = (await contractor.api.get(`/api/rooms/${kitchen.id}/items`)).body as { id: string; name: string }[];
  return { contractor, client, projectId, project: created.body, item: item! };
}

const photoEvents = async (projectId: string, objectPath: string) =>
  (await eventStore().readProjectEvents(projectId)).filter((event: StoredEvent) => event.type === 'PhotoPublished' && (event.data as { objectPath: string }).objectPath === objectPath);

const patchItem = (person: Person, itemId: string, body: Record<string, unknown>) => person.api.request('PATCH', `/api/checklist-items/${itemId}`, body);

describe('a photo is private to its project', () => {
  it("is served to the project's contractor and client (full and thumbnail), and 403 to a stranger, a signed-out browser and a client the project moved away from", async () => {
    const { contractor, client, projectId, project, item } = await projectWithItem();
    const { objectURL } = await upload(client, await phonePhoto());
    const published = await publish(client, { objectURL, itemId: item.id });
    expect(published.status).toBe(200);
    const { objectPath, thumbnailPath } = published.body;

    for (const person of [contractor, client]) {
      const full = await fetchAs(person.api, objectPath);
      expect(full.status).toBe(200);
      expect(full.headers.get('content-type')).toBe('image/jpeg');
      expect(full.headers.get('cache-control')).toBe('private, max-age=3600');
      const fullBytes = Buffer.from(await full.arrayBuffer());
      const thumb = await fetchAs(person.api, thumbnailPath);
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('content-type')).toBe('image/webp');
      const thumbBytes = Buffer.from(await thumb.arrayBuffer());
      expect(thumbBytes.length).toBeLessThan(fullBytes.length);
      const { width, height } = await sharp(thumbBytes).metadata();
      expect(Math.max(width!, height!)).toBeLessThanOrEqual(480);
      const head = await fetchAs(person.api, objectPath, { method: 'HEAD' });
      expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([200, 'image/jpeg', '']);
    }

    const stranger = await signedUp('contractor');
    const refusals = [
      ['a stranger', stranger.api],
      ['a signed-out browser', undefined],
    ] as const;
    for (const [who, api] of refusals) {
      for (const path of [objectPath, thumbnailPath]) {
        const refused = await fetchAs(api, path);
        expect(refused.status, `${who} ${path}`).toBe(403);
        expect((await refused.json()).message).toBe(notYourPhoto);
      }
      expect((await fetchAs(api, objectPath, { method: 'HEAD' })).status, who).toBe(403);
    }

    // The project moves to another client: the previous one no longer sees its photos; the new one does.
    const nextEmail = uniqueEmail('next-client');
    const moved = await contractor.api.put(`/api/projects/${projectId}`, { name: project.name, address: project.address, clientName: 'Pat Next', clientEmail: nextEmail, status: 'active' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await fetchAs(client.api, objectPath)).status).toBe(403);
    expect((await fetchAs(client.api, thumbnailPath)).status).toBe(403);
    const next = await signedUp('client', { email: nextEmail });
    expect((await fetchAs(next.api, objectPath)).status).toBe(200);
  });

  it('answers the same 403 for a path no photo names, and 404 for paths that are no photo path at all', async () => {
    const { contractor } = await projectWithItem();
    expect((await fetchAs(contractor.api, '/objects/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg')).status).toBe(403);
    expect((await fetchAs(contractor.api, '/objects/')).status).toBe(404);
    expect((await fetchAs(contractor.api, '/objects/a.jpg?size=huge')).status).toBe(400);
  });
});

describe('evidence taken at publishing', () => {
  it('records the SHA-256 of the original, its size and type, the EXIF capture time and, opted in, its GPS, in the answer and PhotoPublished v2', async () => {
    const { client, projectId, item } = await projectWithItem();
    const bytes = await phonePhoto();
    const { objectURL, key } = await upload(client, bytes);
    const answer = await publish(client, { objectURL, itemId: item.id, bytes: bytes.length, includeLocation: true, capturedAt: '2030-01-01T00:00:00Z', location: { latitude: 1, longitude: 2 } });
    expect(answer.status).toBe(200);
    const evidence = {
      sha256: sha256(bytes),
      bytes: bytes.length,
      contentType: 'image/jpeg',
      // 07:08:09 at +02:00; EXIF wins over the device's word.
      capturedAt: '2024-05-06T05:08:09.000Z',
      capturedAtSource: 'exif',
      // The photo's own GPS wins over the browser's.
      location: { latitude: 51.5, longitude: -0.125 },
    };
    expect(answer.body.evidence).toEqual(evidence);
    const [event, ...more] = await photoEvents(projectId, answer.body.objectPath);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ type: 'PhotoPublished', schemaVersion: 2, streamId: `item#${item.id}`, data: { objectPath: answer.body.objectPath, ...evidence } });

    // The original is kept, private and unchanged; the record names the project.
    const record = (await findPhotoRecord(answer.body.objectPath))!;
    expect(record).toMatchObject({ projectId, itemId: item.id, uploadedBy: client.user.id, sha256: evidence.sha256 });
    expect(sha256((await stored(record.originalKey!))!)).toBe(evidence.sha256);
    expect((await fetchAs(client.api, `/${record.originalKey}`)).status).toBe(404);
    expect(await exists(key)).toBe(false);
  });

  it('records no place unless opted in, whatever the photo or the browser says; the device time, labelled, when the photo has none; else the server time', async () => {
    const { contractor, item } = await projectWithItem();
    const withGps = await upload(contractor, await phonePhoto('#203040'));
    const notOptedIn = await publish(contractor, { objectURL: withGps.objectURL, itemId: item.id, location: { latitude: 10, longitude: 20 } });
    expect(notOptedIn.body.evidence).toMatchObject({ capturedAtSource: 'exif', location: null });

    const png = await plainPng();
    const fromDevice = await publish(contractor, { objectURL: (await upload(contractor, png, 'image/png')).objectURL, itemId: item.id, capturedAt: '2026-11-20T09:30:00+01:00', includeLocation: true, location: { latitude: 48.8584, longitude: 2.2945, accuracy: 12 } });
    expect(fromDevice.body.evidence).toMatchObject({ capturedAt: '2026-11-20T08:30:00.000Z', capturedAtSource: 'device', location: { latitude: 48.8584, longitude: 2.2945, accuracy: 12 }, contentType: 'image/png', sha256: sha256(png) });

    const before = Date.now();
    const fromServer = await publish(contractor, { objectURL: (await upload(contractor, png, 'image/png')).objectURL, itemId: item.id, includeLocation: true });
    expect(fromServer.body.evidence).toMatchObject({ capturedAtSource: 'server', location: null });
    expect(Date.parse(fromServer.body.evidence.capturedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('serves a copy that carries no EXIF, GPS, XMP or ICC profile, turned upright', async () => {
    const { contractor, item } = await projectWithItem();
    // Stored sideways with EXIF Orientation 6 (rotate 90°): served upright, as 480 × 640.
    const sideways = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '10/1 0/1 0/1' } })
      .toBuffer();
    expect(exif((await sharp(sideways).metadata()).exif!).GPSInfo?.GPSLatitude).toEqual([40, 0, 0]);
    const answer = await publish(contractor, { objectURL: (await upload(contractor, sideways)).objectURL, itemId: item.id, includeLocation: true });
    for (const path of [answer.body.objectPath, answer.body.thumbnailPath]) {
      const served = Buffer.from(await (await fetchAs(contractor.api, path)).arrayBuffer());
      const metadata = await sharp(served).metadata();
      expect([metadata.exif, metadata.xmp, metadata.icc, metadata.iptc, metadata.orientation], path).toEqual([undefined, undefined, undefined, undefined, undefined]);
      expect(served.includes(Buffer.from('GPS')), path).toBe(false);
      expect(metadata.height! > metadata.width!, path).toBe(true);
    }
  });

  it('refuses HEIC with a clear 400 (its metadata could not be removed), deleting the upload', async () => {
    const { contractor, projectId } = await projectWithItem();
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(200)]);
    const { objectURL, key } = await upload(contractor, heic, 'image/heic');
    const refused = await publish(contractor, { objectURL, projectId });
    expect(refused).toMatchObject({ status: 400, body: { fieldErrors: { objectURL: [photoMessages.heic] } } });
    expect(await exists(key)).toBe(false);
  });

  it("publishes a photo for the project itself (projectId, e.g. a punch item's) onto the project's stream, and requires one of projectId and itemId", async () => {
    const { contractor, client, projectId } = await projectWithItem();
    const answer = await publish(client, { objectURL: (await upload(client, await plainPng(), 'image/png')).objectURL, projectId });
    expect(answer.status).toBe(200);
    expect((await photoEvents(projectId, answer.body.objectPath)).map((event) => event.streamId)).toEqual([`project#${projectId}`]);
    expect((await fetchAs(contractor.api, answer.body.objectPath)).status).toBe(200);
    const history = (await contractor.api.get(`/api/projects/${projectId}/history`)).body as { action: string; userType: string }[];
    expect(history[0]).toMatchObject({ action: 'Uploaded photo', userType: 'client' });

    const { objectURL, key } = await upload(client, await plainPng(), 'image/png');
    expect(await publish(client, { objectURL })).toMatchObject({ status: 400, body: { fieldErrors: { projectId: [photoMessages.projectRequired] } } });
    const other = await projectWithItem();
    expect((await publish(client, { objectURL, projectId: other.projectId })).status).toBe(404);
    expect(await exists(key)).toBe(true);
  });
});

describe('a publish that is cut off is retried, not abandoned', () => {
  it('refuses an upload whose stored size is not the size declared (a POST cut off halfway): 400 on bytes, the upload deleted, nothing published', async () => {
    const { contractor, item, projectId } = await projectWithItem();
    const whole = await phonePhoto();
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    const { objectURL, key } = await upload(contractor, Buffer.from(cut));
    const refused = await publish(contractor, { objectURL, itemId: item.id, bytes: whole.length });
    expect(refused).toMatchObject({ status: 400, body: { fieldErrors: { bytes: [photoMessages.bytesMismatch] } } });
    expect(await exists(key)).toBe(false);
    expect((await eventStore().readProjectEvents(projectId)).filter((event) => event.type === 'PhotoPublished')).toEqual([]);
    const token = key.split('/').pop()!;
    expect([...(await keysUnder(`objects/${token}`)), ...(await keysUnder(`originals/${token}`))]).toEqual([]);
  });

  it('answers a repeated publish with the same answer, also once the upload is gone; 20 at once make one event and one object', async () => {
    const { client, item, projectId } = await projectWithItem();
    const bytes = await phonePhoto('#405060');
    const first = await upload(client, bytes);
    const answer = await publish(client, { objectURL: first.objectURL, itemId: item.id, bytes: bytes.length });
    expect(answer.status).toBe(200);
    expect(await exists(first.key)).toBe(false);
    const again = await publish(client, { objectURL: first.objectURL, itemId: item.id, bytes: bytes.length });
    expect(again).toMatchObject({ status: 200, body: answer.body });

    const racing = await upload(client, bytes);
    const answers = await Promise.all(Array.from({ length: 20 }, () => publish(client, { objectURL: racing.objectURL, itemId: item.id, bytes: bytes.length })));
    expect(answers.map((one) => one.status)).toEqual(Array(20).fill(200));
    for (const one of answers) expect(one.body).toEqual(answers[0]!.body);
    const { objectPath } = answers[0]!.body;
    expect(await photoEvents(projectId, objectPath)).toHaveLength(1);
    const token = racing.key.split('/').pop()!;
    expect(await keysUnder(`objects/${token}`)).toEqual([objectPath.slice(1)]);
    expect(await keysUnder(`originals/${token}`)).toHaveLength(1);
    expect(await exists(racing.key)).toBe(false);
  });

  it('refuses 20 publishes at once of an upload that is not an image, each with a 400, and publishes nothing', async () => {
    const { client, item, projectId } = await projectWithItem();
    const text = Buffer.from('not a photo at all, only text');
    const racing = await upload(client, text);
    const answers = await Promise.all(Array.from({ length: 20 }, () => publish(client, { objectURL: racing.objectURL, itemId: item.id, bytes: text.length })));
    expect(answers.map((one) => one.status)).toEqual(Array(20).fill(400));
    // Each names the field: the refusal itself, or (racing it) that the upload was refused meanwhile.
    for (const one of answers) expect(Object.keys(one.body.fieldErrors ?? {})).toEqual(['objectURL']);
    expect((await eventStore().readProjectEvents(projectId)).filter((event) => event.type === 'PhotoPublished')).toEqual([]);
    const token = racing.key.split('/').pop()!;
    expect([...(await keysUnder(`objects/${token}`)), ...(await keysUnder(`originals/${token}`))]).toEqual([]);
    expect(await exists(racing.key)).toBe(false);
  });
});

describe('markup and before / after, as item data', () => {
  const arrow: Markup = { shapes: [{ kind: 'arrow', x1: 0.1, y1: 0.1, x2: 0.6, y2: 0.5, color: '#ff0000', width: 0.01 }] };
  const labelled: Markup = { shapes: [...arrow.shapes, { kind: 'text', x: 0.1, y: 0.9, text: 'Chip in the tile', color: '#ffff00', size: 0.05 }] };

  async function itemWithPhotos() {
    const world = await projectWithItem();
    const photos: PublishAnswer[] = [];
    for (const colour of ['#111111', '#eeeeee']) {
      const bytes = await phonePhoto(colour);
      photos.push((await publish(world.contractor, { objectURL: (await upload(world.contractor, bytes)).objectURL, itemId: world.item.id, bytes: bytes.length })).body);
    }
    const saved = await patchItem(world.contractor, world.item.id, { referenceImages: photos.map((photo) => photo.objectPath) });
    expect(saved.status).toBe(200);
    return { ...world, photos };
  }

  it('saves, changes and removes the markup of a photo, in the history, the original unchanged', async () => {
    const { contractor, client, item, projectId, photos } = await itemWithPhotos();
    const [photo] = photos as [PublishAnswer];
    const original = (await findPhotoRecord(photo.objectPath))!.originalKey!;
    const servedBefore = Buffer.from(await (await fetchAs(contractor.api, photo.objectPath)).arrayBuffer());

    const saved = await patchItem(contractor, item.id, { photoMarkup: { objectPath: photo.objectPath, markup: arrow } });
    expect(saved.status).toBe(200);
    expect(saved.body.photoMarkup).toEqual({ [photo.objectPath]: arrow });
    // The client edits it against what they saw.
    const changed = await patchItem(client, item.id, { photoMarkup: { objectPath: photo.objectPath, markup: labelled }, base: { photoMarkup: arrow } });
    expect(changed.body.photoMarkup).toEqual({ [photo.objectPath]: labelled });
    // An edit against a stale base is a conflict, and changes nothing.
    const stale = await patchItem(contractor, item.id, { photoMarkup: { objectPath: photo.objectPath, markup: null }, base: { photoMarkup: arrow } });
    expect(stale.status).toBe(409);
    const removed = await patchItem(contractor, item.id, { photoMarkup: { objectPath: photo.objectPath, markup: null }, base: { photoMarkup: labelled } });
    expect(removed.body.photoMarkup).toEqual({});

    const history = ((await contractor.api.get(`/api/projects/${projectId}/history`)).body as { action: string; summary: string }[]).slice(0, 3);
    expect(history.map((entry) => entry.action)).toEqual(['Removed the markup of a photo', 'Marked up a photo', 'Marked up a photo']);
    expect(history[0]!.summary).toBe(`Removed the markup of a photo "${item.name}" in Kitchen`);
    // The photo never changed: neither its original nor what is served.
    expect(sha256((await stored(original))!)).toBe(photo.evidence.sha256);
    expect(Buffer.from(await (await fetchAs(contractor.api, photo.objectPath)).arrayBuffer()).equals(servedBefore)).toBe(true);
  });

  it('pairs two photos of the item as before and after, and unpairs them', async () => {
    const { contractor, item, projectId, photos } = await itemWithPhotos();
    const [before, after] = photos.map((photo) => photo.objectPath) as [string, string];
    const paired = await patchItem(contractor, item.id, { photoPairs: [{ before, after }] });
    expect(paired.body.photoPairs).toEqual([{ before, after }]);
    expect((await contractor.api.get(`/api/rooms/${paired.body.roomId}/items`)).body.find((one: { id: string }) => one.id === item.id).photoPairs).toEqual([{ before, after }]);
    expect((await patchItem(contractor, item.id, { photoPairs: [] })).body.photoPairs).toEqual([]);
    const history = ((await contractor.api.get(`/api/projects/${projectId}/history`)).body as { action: string }[]).slice(0, 2).map((entry) => entry.action);
    expect(history).toEqual(['Unpaired before and after photos', 'Paired photos as before and after']);
    // The views the markup and pairs events make are the ones a replay makes (npm run views:rebuild).
    await patchItem(contractor, item.id, { photoPairs: [{ before, after }], photoMarkup: { objectPath: after, markup: arrow } });
    await expectReplayEqualsLive(projectId);
  });

  it('answers 400 naming the field for hostile markup and pairs, and changes nothing', async () => {
    const { contractor, item, photos } = await itemWithPhotos();
    const objectPath = photos[0]!.objectPath;
    const shape = arrow.shapes[0]!;
    const version = (await patchItem(contractor, item.id, { photoMarkup: { objectPath, markup: arrow } })).body.version as number;
    const hostile: [string, Record<string, unknown>, string][] = [
      ['out of range', { photoMarkup: { objectPath, markup: { shapes: [{ ...shape, x1: 2 }] } } }, 'photoMarkup.markup.shapes.0.x1'],
      ['too many shapes', { photoMarkup: { objectPath, markup: { shapes: Array(markupLimits.shapes + 1).fill(shape) } } }, 'photoMarkup.markup.shapes'],
      ['an unknown kind', { photoMarkup: { objectPath, markup: { shapes: [{ ...shape, kind: 'star' }] } } }, 'photoMarkup.markup.shapes.0.kind'],
      ['a script for a colour', { photoMarkup: { objectPath, markup: { shapes: [{ ...shape, color: '"><script>' }] } } }, 'photoMarkup.markup.shapes.0.color'],
      ['an extra property', { photoMarkup: { objectPath, markup: { shapes: [{ ...shape, onclick: 'x' }] } } }, 'photoMarkup.markup.shapes.0'],
      ['another photo', { photoMarkup: { objectPath: '/objects/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.jpg', markup: arrow } }, 'photoMarkup.objectPath'],
      ['a pair with another photo', { photoPairs: [{ before: objectPath, after: '/objects/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.jpg' }] }, 'photoPairs.0.after'],
      ['a photo paired with itself', { photoPairs: [{ before: objectPath, after: objectPath }] }, 'photoPairs.0.after'],
    ];
    for (const [what, body, field] of hostile) {
      const refused = await patchItem(contractor, item.id, body);
      expect(refused.status, what).toBe(400);
      expect(Object.keys(refused.body.fieldErrors ?? {}), what).toContain(field);
    }
    const roomId = (await patchItem(contractor, item.id, { photoMarkup: { objectPath, markup: arrow } })).body.roomId as string;
    const now = ((await contractor.api.get(`/api/rooms/${roomId}/items`)).body as { id: string; version: number; photoMarkup: unknown; photoPairs: unknown }[]).find((one) => one.id === item.id)!;
    expect([now.version, now.photoMarkup, now.photoPairs]).toEqual([version, { [objectPath]: arrow }, []]);
  });

  it('prints each photo with its markup in the PDF', async () => {
    const { contractor, item, projectId, photos } = await itemWithPhotos();
    expect((await patchItem(contractor, item.id, { photoMarkup: { objectPath: photos[0]!.objectPath, markup: labelled } })).status).toBe(200);
    const response = await fetchAs(contractor.api, `/api/projects/${projectId}/export-pdf`, { method: 'POST' });
    expect(response.status).toBe(200);
    const file = join(workDir, `${projectId}.pdf`);
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    // In reading order (the label is drawn small, over the photo: layout mode would scatter its words).
    const { stdout } = await promisify(execFile)('pdftotext', ['-raw', file, '-']);
    expect(stdout.replace(/\s+/g, ' ')).toContain('Chip in the tile');
    // Both photos are printed (the marked-up one drawn with its markup, the other as is).
    const { stdout: images } = await promisify(execFile)('pdfimages', ['-list', file]);
    expect(images.trim().split('\n').length - 2).toBeGreaterThanOrEqual(2);
  });
});

describe('the audit record', () => {
  it('verifies with PhotoPublished v2, markup and pair events in it', async () => {
    const { contractor, item, projectId } = await projectWithItem();
    const bytes = await phonePhoto();
    const photo = (await publish(contractor, { objectURL: (await upload(contractor, bytes)).objectURL, itemId: item.id, includeLocation: true })).body;
    await patchItem(contractor, item.id, { referenceImages: [photo.objectPath] });
    await patchItem(contractor, item.id, { photoMarkup: { objectPath: photo.objectPath, markup: { shapes: [{ kind: 'ellipse', cx: 0.5, cy: 0.5, rx: 0.2, ry: 0.1, color: '#00ff00', width: 0.01 }] } } });
    const exported = await contractor.api.get<AuditExport>(`/api/projects/${projectId}/audit-export`);
    expect(exported.status).toBe(200);
    const events = exported.body.streams.flatMap((stream) => stream.events as { type: string; schemaVersion: number; data: { sha256?: string } }[]);
    expect(events.find((event) => event.type === 'PhotoPublished')).toMatchObject({ schemaVersion: 2, data: { sha256: sha256(bytes) } });
    expect(events.some((event) => event.type === 'PhotoMarkupSet')).toBe(true);
    const jwks = await (await fetch(`${new ApiClient().baseUrl}/api/audit/keys`)).json();
    const result = await verifyAuditRecord({ ...exported.body, heldCheckpoints: [] }, jwks);
    expect(result.failures).toEqual([]);
    expect(result.verified).toBe(true);
  });
});

describe('erasure', () => {
  it("deletes an erased person's photos that no item shows: the served copy, the original, the thumbnail and the record", async () => {
    const { contractor, client, item, projectId } = await projectWithItem();
    const publishOne = async () => (await publish(client, { objectURL: (await upload(client, await phonePhoto())).objectURL, itemId: item.id })).body.objectPath;
    const [shown, unused] = [await publishOne(), await publishOne()];
    expect((await patchItem(contractor, item.id, { referenceImages: [shown] })).status).toBe(200);
    // A punch item's photo is the project's record too.
    const punchPhoto = (await publish(client, { objectURL: (await upload(client, await plainPng(), 'image/png')).objectURL, projectId })).body.objectPath;
    const roomId = (await patchItem(contractor, item.id, { details: 'Checked' })).body.roomId as string;
    const punch = await client.api.post(`/api/projects/${projectId}/punch-items`, { roomId, title: 'Chipped tile', photos: [punchPhoto] });
    expect(punch.status, JSON.stringify(punch.body)).toBe(201);
    const keysOf = async (objectPath: string) => {
      const record = (await findPhotoRecord(objectPath))!;
      return [objectPath.slice(1), record.originalKey!, record.thumbnailKey!];
    };
    const [shownKeys, unusedKeys] = [await keysOf(shown), await keysOf(unused)];

    expect((await client.api.delete('/api/auth/account')).status).toBeLessThan(300);
    for (const key of unusedKeys) expect(await exists(key), key).toBe(false);
    expect(await findPhotoRecord(unused)).toBeUndefined();
    // The photo the item still shows is the project's record: kept, with its original and thumbnail.
    for (const key of shownKeys) expect(await exists(key), key).toBe(true);
    expect((await fetchAs(contractor.api, shown)).status).toBe(200);
    expect((await fetchAs(contractor.api, punchPhoto)).status).toBe(200);
  });
});

describe('photos published before issue 30', () => {
  it("get a record from views:rebuild's backfill: served to the project's people only, without metadata, the original kept, with a thumbnail", async () => {
    const { contractor, client, projectId, item } = await projectWithItem();
    // As publishing used to leave it: the upload itself, EXIF and GPS included, public at its path, no record.
    const old = await phonePhoto('#a0522d');
    const key = `objects/${'O'.repeat(28)}${Date.now().toString(36).slice(-4)}.jpg`;
    await s3().send(new PutObjectCommand({ Bucket: config().uploadsBucket, Key: key, Body: old, ContentType: 'image/jpeg', CacheControl: 'public, max-age=31536000, immutable' }));
    expect((await patchItem(contractor, item.id, { referenceImages: [`/${key}`] })).status).toBe(200);
    expect((await fetchAs(client.api, `/${key}`)).status).toBe(403);

    // As an operator runs it after deploying: no PhotoPublished names it, so the second pass (what items show) records it.
    const rebuilt = await runScript('rebuild-views', ['--project', projectId]);
    expect(rebuilt.code, rebuilt.out).toBe(0);
    expect(rebuilt.out).toContain(`${projectId}: 1 older photo(s) recorded (from items)`);
    // Again: nothing more to do, and the original is not overwritten with the re-encoded copy.
    const events = await eventStore().readProjectEvents(projectId);
    for (const source of ['events', 'items'] as const) expect(await backfillPhotoRecords(projectId, events, source)).toEqual({ recorded: 0, missing: 0 });

    const record = (await findPhotoRecord(`/${key}`))!;
    expect(record).toMatchObject({ projectId, itemId: item.id, sha256: null, evidence: null });
    expect((await stored(record.originalKey!))!.equals(old)).toBe(true);
    for (const person of [contractor, client]) {
      const served = await fetchAs(person.api, `/${key}`);
      expect(served.status).toBe(200);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).exif).toBeUndefined();
      expect((await fetchAs(person.api, `/${key}?size=thumb`)).headers.get('content-type')).toBe('image/webp');
    }
    expect((await fetchAs(new ApiClient(), `/${key}`)).status).toBe(403);
    expect((await fetchAs((await signedUp('contractor')).api, `/${key}`)).status).toBe(403);
  });
});
