import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo } from '../../functions/adapters/dynamo';
import { s3 } from '../../functions/adapters/s3';
import { config } from '../../functions/config';
import { withoutQuery } from '../../functions/objects/object-keys';
import { MAX_PHOTO_BYTES, photoMessages } from '../../events/uploads/photo-rules';
import { stateKeys } from '../../functions/store/keys';
import { signedUp } from '../support/accounts';
import { ApiClient } from '../support/api-client';

/**
 * Photo upload (spec sections 7 and 8) through the local gateway against s3rver: ask for an upload
 * URL, PUT the file there as a browser does, publish it, and fetch it from /objects/*. s3rver
 * checks neither signatures nor sizes, so every refusal here is the server's own check.
 */

type Person = Awaited<ReturnType<typeof signedUp>>;

/** A real 1×1 PNG. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const html = Buffer.from('<!doctype html><title>x</title><script>alert(document.cookie)</script>');
/** A PNG signature padded to `size` bytes: the server looks at the first bytes and the size only. */
const pngOfSize = (size: number) => Buffer.concat([png.subarray(0, 8), Buffer.alloc(size - 8)]);

const keyOf = (uploadURL: string) => /\/(uploads\/[^?]+)/.exec(uploadURL)![1]!;

async function requestUpload(person: Person) {
  const answer = await person.api.post<{ uploadURL: string }>('/api/objects/upload');
  expect(answer.status).toBe(200);
  return answer.body.uploadURL;
}

/** The browser's PUT to the presigned URL. */
async function putFile(uploadURL: string, body: Buffer, contentType: string) {
  const response = await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': contentType } });
  expect(response.status).toBe(200);
}

async function uploaded(person: Person, body: Buffer, contentType = 'image/png') {
  const uploadURL = await requestUpload(person);
  await putFile(uploadURL, body, contentType);
  return { uploadURL, objectURL: withoutQuery(uploadURL), key: keyOf(uploadURL) };
}

const publish = (api: ApiClient, body: Record<string, unknown>) =>
  api.put<{ objectPath?: string; message?: string; fieldErrors?: Record<string, string[]> }>('/api/objects/acl', { visibility: 'public', ...body });

async function stored(key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: config().uploadsBucket, Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw error;
  }
}

async function uploadRecord(key: string) {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.upload(key), ConsistentRead: true }));
  return Item;
}

/** A GET with the path sent exactly as written (fetch would resolve dot segments first). */
function rawGet(baseUrl: string, path: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${baseUrl}/`, { path, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** A contractor's project with its client signed up (and so assigned), and one kitchen item. */
async function projectWithItem() {
  const contractor = await signedUp('contractor');
  const client = await signedUp('client');
  const created = await contractor.api.post('/api/projects', { name: 'Oak Court', address: '3 Oak Court', clientName: 'Chris Owner', clientEmail: client.user.email });
  expect(created.status).toBe(201);
  const projectId = created.body.id as string;
  const rooms = (await contractor.api.get(`/api/projects/${projectId}/rooms`)).body as { id: string; type: string; name: string }[];
  const kitchen = rooms.find((room) => room.type === 'kitchen')!;
  const [item] = (await contractor.api.get(`/api/rooms/${kitchen.id}/items`)).body as { id: string; name: string }[];
  return { contractor, client, projectId, item: item!, roomName: 'Kitchen' };
}

const historyOf = async (api: ApiClient, projectId: string) =>
  (await api.get(`/api/projects/${projectId}/history`)).body as { action: string; summary: string; userType: string }[];

describe('upload and publish', () => {
  it('hands out a short-lived URL for a private key bound to the caller, and serves the published photo at /objects/', async () => {
    const person = await signedUp('contractor');
    const uploadURL = await requestUpload(person);
    const url = new URL(uploadURL);
    expect(url.pathname).toMatch(new RegExp(`^/${config().uploadsBucket}/uploads/${person.user.id}/[A-Za-z0-9_-]{32}$`));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(await requestUpload(person)).not.toBe(uploadURL);
    const record = await uploadRecord(keyOf(uploadURL));
    expect(record).toMatchObject({ userId: person.user.id, createdAt: expect.any(String) });
    expect(record!.expiresAt * 1000).toBeGreaterThan(Date.now());

    await putFile(uploadURL, png, 'image/png');
    const answer = await publish(person.api, { objectURL: withoutQuery(uploadURL) });
    expect(answer.status).toBe(200);
    const objectPath = answer.body.objectPath!;
    expect(objectPath).toMatch(/^\/objects\/[A-Za-z0-9_-]{32}\.png$/);

    const served = await fetch(`${person.api.baseUrl}${objectPath}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    const head = await fetch(`${person.api.baseUrl}${objectPath}`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), head.headers.get('x-content-type-options')]).toEqual([200, 'image/png', 'nosniff']);

    // The pending upload is gone; publishing it again answers the same path.
    expect(await stored(keyOf(uploadURL))).toBe(false);
    expect((await publish(person.api, { objectURL: withoutQuery(uploadURL) })).body).toEqual({ objectPath });
    // The full upload URL (with its query) names the same upload.
    expect((await publish(person.api, { objectURL: uploadURL })).body).toEqual({ objectPath });
  });

  it('publishes with the type the bytes show, not the type the browser declared', async () => {
    const person = await signedUp('client');
    const upload = await uploaded(person, gif, 'image/png');
    const answer = await publish(person.api, { objectURL: upload.objectURL });
    expect(answer.body.objectPath).toMatch(/\.gif$/);
    const served = await fetch(`${person.api.baseUrl}${answer.body.objectPath}`);
    expect(served.headers.get('content-type')).toBe('image/gif');
  });

  it('says so when nothing was uploaded yet', async () => {
    const person = await signedUp('contractor');
    const uploadURL = await requestUpload(person);
    const answer = await publish(person.api, { objectURL: withoutQuery(uploadURL) });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors?.objectURL).toEqual(['Nothing has been uploaded to this URL yet.']);
  });
});

describe('what the server refuses, whatever the browser did', () => {
  it(`accepts exactly ${MAX_PHOTO_BYTES} bytes and refuses one more (deleting it)`, async () => {
    const person = await signedUp('contractor');
    const largest = await uploaded(person, pngOfSize(MAX_PHOTO_BYTES));
    const accepted = await publish(person.api, { objectURL: largest.objectURL });
    expect(accepted.status).toBe(200);
    expect((await fetch(`${person.api.baseUrl}${accepted.body.objectPath}`, { method: 'HEAD' })).headers.get('content-length')).toBe(String(MAX_PHOTO_BYTES));

    const tooLarge = await uploaded(person, pngOfSize(MAX_PHOTO_BYTES + 1));
    const refused = await publish(person.api, { objectURL: tooLarge.objectURL });
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe(photoMessages.tooLarge);
    expect(refused.body.message).toContain('10 MB (10485760 bytes)');
    expect(refused.body.fieldErrors?.objectURL).toEqual([photoMessages.tooLarge]);
    expect(await stored(tooLarge.key)).toBe(false);
    expect((await uploadRecord(tooLarge.key))?.objectPath).toBeUndefined();
  });

  it('refuses a file that is not an image, even declared as image/png (deleting it)', async () => {
    const person = await signedUp('contractor');
    // An empty file, and one shorter than any signature (read past its end).
    for (const body of [html, Buffer.alloc(0), Buffer.from('GIF8')]) {
      const upload = await uploaded(person, body, 'image/png');
      const refused = await publish(person.api, { objectURL: upload.objectURL });
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors?.objectURL).toEqual([photoMessages.notAnImage]);
      expect(await stored(upload.key)).toBe(false);
    }
  });

  it("does not publish someone else's upload, nor serve it", async () => {
    const owner = await signedUp('contractor');
    const other = await signedUp('contractor');
    const upload = await uploaded(owner, png);
    const refused = await publish(other.api, { objectURL: upload.objectURL });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors?.objectURL).toEqual([expect.stringContaining('not an upload URL you were given')]);
    expect(await stored(upload.key)).toBe(true);
    expect((await uploadRecord(upload.key))?.objectPath).toBeUndefined();
    // Pending uploads are not under /objects/ (and a path to one from there is refused).
    for (const path of [`/${upload.key}`, `/objects/../${upload.key}`, `/objects/%2e%2e/${upload.key}`, `/objects/..%2F${upload.key.replaceAll('/', '%2F')}`]) {
      const response = await rawGet(owner.api.baseUrl, path);
      expect(response.body.equals(png), path).toBe(false);
    }
    // Its owner still can.
    expect((await publish(owner.api, { objectURL: upload.objectURL })).status).toBe(200);
  });

  it('answers 400 naming objectURL for anything but an upload URL the caller was given, and changes nothing', async () => {
    const person = await signedUp('contractor');
    const other = await signedUp('client');
    const upload = await uploaded(person, png);
    const theirs = await uploaded(other, png);
    const { origin } = new URL(upload.objectURL);
    const bucket = config().uploadsBucket;
    const token = upload.key.split('/').pop()!;
    const forged = [
      ['a key never handed out', `${origin}/${bucket}/uploads/${person.user.id}/${'A'.repeat(32)}`],
      ['their key, with my id in it', `${origin}/${bucket}/uploads/${person.user.id}/${theirs.key.split('/').pop()}`],
      ['another bucket', `${origin}/other-bucket/${upload.key}`],
      ['another host', `https://attacker.example/${bucket}/${upload.key}`],
      ['a dot segment', `${origin}/${bucket}/uploads/${other.user.id}/../${person.user.id}/${token}`],
      ['encoded traversal', `${origin}/${bucket}/uploads/${person.user.id}/%2e%2e/${token}`],
      ['a published key', `${origin}/${bucket}/objects/${token}.png`],
      ['garbage', 'not a url at all'],
      ['a javascript: URL', `javascript:alert(1)//${upload.key}`],
      ['empty', ''],
      ['over-long', `${upload.objectURL}?${'a'.repeat(5000)}`],
      ['a number', 42],
      ['nothing', undefined],
    ] as const;
    for (const [what, objectURL] of forged) {
      const answer = await publish(person.api, { objectURL });
      expect(answer.status, what).toBe(400);
      expect(Object.keys(answer.body.fieldErrors ?? {}), what).toEqual(['objectURL']);
    }
    expect(await stored(upload.key)).toBe(true);
    expect(await stored(theirs.key)).toBe(true);
    expect((await uploadRecord(upload.key))?.objectPath).toBeUndefined();
  });

  it("answers 400 naming visibility for anything but 'public'", async () => {
    const person = await signedUp('contractor');
    const upload = await uploaded(person, png);
    for (const visibility of ['private', 'PUBLIC', '', null]) {
      const answer = await person.api.put('/api/objects/acl', { objectURL: upload.objectURL, visibility });
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.fieldErrors)).toEqual(['visibility']);
    }
    expect(await stored(upload.key)).toBe(true);
  });

  it('answers 401 to someone not signed in', async () => {
    const person = await signedUp('contractor');
    const upload = await uploaded(person, png);
    const stranger = new ApiClient();
    expect((await stranger.post('/api/objects/upload')).status).toBe(401);
    expect((await stranger.put('/api/objects/acl', { objectURL: upload.objectURL, visibility: 'public' })).status).toBe(401);
    expect(await stored(upload.key)).toBe(true);
  });
});

describe('photos of a checklist item', () => {
  it("records the publication in the item's project history, for the contractor and the client", async () => {
    const { contractor, client, projectId, item, roomName } = await projectWithItem();
    for (const person of [contractor, client]) {
      const upload = await uploaded(person, png);
      const answer = await publish(person.api, { objectURL: upload.objectURL, itemId: item.id });
      expect(answer.status).toBe(200);
    }
    const history = await historyOf(contractor.api, projectId);
    expect(history.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'Uploaded photo', summary: `Uploaded photo "${item.name}" in ${roomName}`, userType: 'client' }),
      expect.objectContaining({ action: 'Uploaded photo', summary: `Uploaded photo "${item.name}" in ${roomName}`, userType: 'contractor' }),
    ]);
  });

  it("answers 404 for another tenant's item (or none), and publishes nothing", async () => {
    const theirs = await projectWithItem();
    const stranger = await signedUp('contractor');
    const upload = await uploaded(stranger, png);
    for (const itemId of [theirs.item.id, randomUUID()]) {
      const answer = await publish(stranger.api, { objectURL: upload.objectURL, itemId });
      expect(answer.status).toBe(404);
    }
    // An id of no shape we mint is refused before any lookup, naming the field.
    expect(await publish(stranger.api, { objectURL: upload.objectURL, itemId: 'no-such-item' })).toMatchObject({ status: 400, body: { fieldErrors: { itemId: ['itemId is not a valid id'] } } });
    expect(await stored(upload.key)).toBe(true);
    expect((await uploadRecord(upload.key))?.objectPath).toBeUndefined();
    expect((await historyOf(theirs.contractor.api, theirs.projectId)).filter((entry) => entry.action === 'Uploaded photo')).toEqual([]);
  });
});

describe('/objects/* on the gateway', () => {
  it('serves no listing, no traversal and nothing but GET and HEAD', async () => {
    const person = await signedUp('contractor');
    const upload = await uploaded(person, png);
    const { objectPath } = (await publish(person.api, { objectURL: upload.objectURL })).body;
    const base = person.api.baseUrl;
    for (const path of ['/objects/', '/objects/?list-type=2', '/objects/?prefix=uploads/', '/objects/..', '/objects/../uploads/', '/objects/%2e%2e/', '/objects/.%2e/uploads/', '/objects//etc', '/objects/missing.png']) {
      expect((await rawGet(base, path)).status, path).toBe(404);
    }
    // A query is ignored: the object at the path, never a listing.
    const withQuery = await fetch(`${base}${objectPath}?list-type=2`);
    expect(Buffer.from(await withQuery.arrayBuffer()).equals(png)).toBe(true);
    for (const method of ['PUT', 'POST', 'DELETE']) {
      expect((await fetch(`${base}${objectPath}`, { method })).status, method).toBe(405);
    }
    expect((await fetch(`${base}${objectPath}`)).status).toBe(200);
  });
});
