import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo } from '../../functions/adapters/dynamo';
import { s3 } from '../../functions/adapters/s3';
import { config } from '../../functions/config';
import { postedObjectLocation } from '../../functions/objects/object-keys';
import { tooManyPendingUploads } from '../../functions/objects/pending-uploads';
import { notAMember } from '../../functions/objects/uploader-membership';
import { PENDING_UPLOADS_PER_ACCOUNT } from '../../functions/limits';
import { MAX_PHOTO_BYTES, photoMessages, type UploadAnswer } from '../../events/uploads/photo-rules';
import { stateKeys } from '../../functions/store/keys';
import { signedUp, uniqueEmail } from '../support/accounts';
import { ApiClient } from '../support/api-client';

/**
 * Photo upload (spec sections 7 and 8) through the local gateway against s3rver: ask for an upload
 * form, POST the file with it as a browser does, publish it, and fetch it from /objects/*. s3rver
 * checks neither signatures nor policies, so every refusal here is the server's own check.
 */

type Person = Awaited<ReturnType<typeof signedUp>>;

/**
 * A person of a project (only they may upload): a contractor with a project, or a client who
 * proved the e-mail of the project a contractor made for them.
 */
async function member(role: 'contractor' | 'client'): Promise<Person> {
  const contractor = await signedUp('contractor');
  const clientEmail = uniqueEmail('client');
  const created = await contractor.api.post('/api/projects', { name: 'Elm Row', address: '5 Elm Row', clientName: 'Chris Owner', clientEmail });
  expect(created.status).toBe(201);
  const person = role === 'contractor' ? contractor : await signedUp('client', { email: clientEmail });
  projectOf.set(person.api, created.body.id as string);
  return person;
}

/** A fetch with the person's session cookie, as their browser's <img> sends it. */
const fetchAs = (api: ApiClient, path: string, init: RequestInit = {}) => fetch(`${api.baseUrl}${path}`, { ...init, headers: api.cookie ? { cookie: api.cookie } : {} });

/** The project each member's photos are published for (issue 30: a photo belongs to a project). */
const projectOf = new Map<ApiClient, string>();

/** A real 1×1 PNG. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const html = Buffer.from('<!doctype html><title>x</title><script>alert(document.cookie)</script>');
/** A real PNG padded to `size` bytes (decoders ignore what follows its end). */
const pngOfSize = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);

async function requestUpload(person: Person): Promise<UploadAnswer> {
  const answer = await person.api.post<UploadAnswer>('/api/objects/upload');
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The browser's form POST with the presigned fields: the fields, its Content-Type, then the file. */
async function postFile(form: UploadAnswer, body: Buffer, contentType: string) {
  const data = new FormData();
  for (const [name, value] of Object.entries(form.fields)) data.set(name, value);
  data.set('Content-Type', contentType);
  data.set('file', new Blob([new Uint8Array(body)], { type: contentType }));
  const response = await fetch(form.uploadURL, { method: 'POST', body: data });
  expect(response.status).toBe(204);
}

/** Where the form's file lands: the address to publish. */
const objectURLOf = (form: UploadAnswer) => postedObjectLocation(form.uploadURL, form.fields.key!);

async function uploaded(person: Person, body: Buffer, contentType = 'image/png') {
  const form = await requestUpload(person);
  await postFile(form, body, contentType);
  return { form, objectURL: objectURLOf(form), key: form.fields.key! };
}

const policyOf = (form: UploadAnswer) => JSON.parse(Buffer.from(form.fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };

const publish = (api: ApiClient, body: Record<string, unknown>) =>
  api.put<{ objectPath?: string; thumbnailPath?: string; evidence?: Record<string, unknown>; message?: string; fieldErrors?: Record<string, string[]> }>('/api/objects/acl', {
    visibility: 'public',
    ...(body.itemId === undefined && projectOf.has(api) ? { projectId: projectOf.get(api) } : {}),
    ...body,
  });

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
  it('hands out a short-lived form for a private key bound to the caller, and serves the published photo at /objects/', async () => {
    const person = await member('contractor');
    const form = await requestUpload(person);
    expect(new URL(form.uploadURL).pathname).toBe(`/${config().uploadsBucket}`);
    expect(form.fields.key).toMatch(new RegExp(`^uploads/${person.user.id}/[A-Za-z0-9_-]{32}$`));
    const minutesLeft = (Date.parse(policyOf(form).expiration) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14);
    expect(minutesLeft).toBeLessThanOrEqual(15);
    expect((await requestUpload(person)).fields.key).not.toBe(form.fields.key);
    const record = await uploadRecord(form.fields.key!);
    expect(record).toMatchObject({ userId: person.user.id, createdAt: expect.any(String), location: objectURLOf(form) });
    expect(record!.expiresAt * 1000).toBeGreaterThan(Date.now());

    await postFile(form, png, 'image/png');
    const answer = await publish(person.api, { objectURL: objectURLOf(form) });
    expect(answer.status).toBe(200);
    const objectPath = answer.body.objectPath!;
    // Issue 30: served is a re-encoded copy (WebP: the PNG has transparency), named after the upload's token.
    expect(objectPath).toBe(`/objects/${form.fields.key!.split('/').pop()}.webp`);
    expect(answer.body.thumbnailPath).toBe(`${objectPath}?size=thumb`);

    const served = await fetchAs(person.api, objectPath);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toMatch(/^private/);
    const head = await fetchAs(person.api, objectPath, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), head.headers.get('x-content-type-options')]).toEqual([200, 'image/webp', 'nosniff']);
    expect(await head.text()).toBe('');

    // The pending upload is gone; publishing it again answers the same.
    expect(await stored(form.fields.key!)).toBe(false);
    expect((await publish(person.api, { objectURL: objectURLOf(form) })).body).toEqual(answer.body);
  });

  it('records the type the bytes show, not the type the browser declared', async () => {
    const person = await member('client');
    const upload = await uploaded(person, gif, 'image/png');
    const answer = await publish(person.api, { objectURL: upload.objectURL });
    expect(answer.body.evidence).toMatchObject({ contentType: 'image/gif', bytes: gif.length });
    const served = await fetchAs(person.api, answer.body.objectPath!);
    expect(served.headers.get('content-type')).toMatch(/^image\/(jpeg|webp)$/);
  });

  it('says so when nothing was uploaded yet', async () => {
    const person = await member('contractor');
    const form = await requestUpload(person);
    const answer = await publish(person.api, { objectURL: objectURLOf(form) });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors?.objectURL).toEqual(['Nothing has been uploaded to this URL yet.']);
  });
});

describe('what the server refuses, whatever the browser did', () => {
  it(`accepts exactly ${MAX_PHOTO_BYTES} bytes and refuses one more (deleting it)`, async () => {
    const person = await member('contractor');
    const largest = await uploaded(person, pngOfSize(MAX_PHOTO_BYTES));
    const accepted = await publish(person.api, { objectURL: largest.objectURL });
    expect(accepted.status).toBe(200);
    expect(accepted.body.evidence).toMatchObject({ bytes: MAX_PHOTO_BYTES });

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
    const person = await member('contractor');
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
    const owner = await member('contractor');
    const other = await member('contractor');
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
    const person = await member('contractor');
    const other = await member('client');
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
    const person = await member('contractor');
    const upload = await uploaded(person, png);
    for (const visibility of ['private', 'PUBLIC', '', null]) {
      const answer = await person.api.put('/api/objects/acl', { objectURL: upload.objectURL, visibility });
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.fieldErrors)).toEqual(['visibility']);
    }
    expect(await stored(upload.key)).toBe(true);
  });

  it('answers 401 to someone not signed in', async () => {
    const person = await member('contractor');
    const upload = await uploaded(person, png);
    const stranger = new ApiClient();
    expect((await stranger.post('/api/objects/upload')).status).toBe(401);
    expect((await stranger.put('/api/objects/acl', { objectURL: upload.objectURL, visibility: 'public' })).status).toBe(401);
    expect(await stored(upload.key)).toBe(true);
  });
});

describe('uploads bounded before they land (issue 27)', () => {
  it('hands out a form whose signed policy caps the file at 10 MB and an image type', async () => {
    const form = await requestUpload(await member('client'));
    expect(policyOf(form).conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, MAX_PHOTO_BYTES],
        ['starts-with', '$Content-Type', 'image/'],
        { key: form.fields.key },
      ]),
    );
  });

  it('answers 403 to an account that is a member of no project, for an upload and for publishing, until it is one', async () => {
    const loners = [await signedUp('contractor'), await signedUp('client')];
    for (const loner of loners) {
      const asked = await loner.api.post('/api/objects/upload');
      expect(asked).toMatchObject({ status: 403, body: { message: notAMember } });
      const objectURL = `${new URL(config().appUrl).origin}/${config().uploadsBucket}/uploads/${loner.user.id}/${'A'.repeat(32)}`;
      expect(await publish(loner.api, { objectURL })).toMatchObject({ status: 403, body: { message: notAMember } });
    }
    // Creating a project makes a contractor a member.
    const contractor = loners[0]!;
    expect((await contractor.api.post('/api/projects', { name: 'Late Start', address: '1 Late Lane', clientName: 'Chris', clientEmail: null })).status).toBe(201);
    expect((await contractor.api.post('/api/objects/upload')).status).toBe(200);
  });

  it(`holds at most ${PENDING_UPLOADS_PER_ACCOUNT} pending uploads per account: 429 beyond, a place back once one is published or refused`, async () => {
    const person = await member('contractor');
    const forms: UploadAnswer[] = [];
    for (let i = 0; i < PENDING_UPLOADS_PER_ACCOUNT; i++) forms.push(await requestUpload(person));
    const refused = await person.api.post('/api/objects/upload');
    expect(refused).toMatchObject({ status: 429, body: { message: tooManyPendingUploads } });

    // Publishing one gives its place back, and only one.
    await postFile(forms[0]!, png, 'image/png');
    expect((await publish(person.api, { objectURL: objectURLOf(forms[0]!) })).status).toBe(200);
    expect((await person.api.post('/api/objects/upload')).status).toBe(200);
    expect((await person.api.post('/api/objects/upload')).status).toBe(429);
    // So does one the server refused (and deleted).
    await postFile(forms[1]!, html, 'image/png');
    expect((await publish(person.api, { objectURL: objectURLOf(forms[1]!) })).status).toBe(400);
    expect((await person.api.post('/api/objects/upload')).status).toBe(200);
    expect((await person.api.post('/api/objects/upload')).status).toBe(429);

    // Another account has its own places.
    expect((await (await member('client')).api.post('/api/objects/upload')).status).toBe(200);
  });

  it(`gives no more than ${PENDING_UPLOADS_PER_ACCOUNT} places to a burst of parallel requests`, async () => {
    const person = await member('contractor');
    const answers = await Promise.all(Array.from({ length: PENDING_UPLOADS_PER_ACCOUNT + 10 }, () => person.api.post('/api/objects/upload')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(PENDING_UPLOADS_PER_ACCOUNT);
    // Places a lost race left free are still there to take, and not one more: exactly the limit in all.
    let more = 0;
    while ((await person.api.post('/api/objects/upload')).status === 200) more++;
    expect(statuses.filter((status) => status === 200).length + more).toBe(PENDING_UPLOADS_PER_ACCOUNT);
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
    const stranger = await member('contractor');
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
    const person = await member('contractor');
    const upload = await uploaded(person, png);
    const { objectPath } = (await publish(person.api, { objectURL: upload.objectURL })).body;
    const base = person.api.baseUrl;
    for (const path of ['/objects/', '/objects/?list-type=2', '/objects/?prefix=uploads/', '/objects/..', '/objects/../uploads/', '/objects/%2e%2e/', '/objects/.%2e/uploads/', '/objects//etc']) {
      expect((await rawGet(base, path)).status, path).toBe(404);
    }
    // A path no photo record names is nobody's to see (issue 30): the same 403 as another project's photo.
    expect((await fetchAs(person.api, '/objects/missing.png')).status).toBe(403);
    // A query is ignored: the object at the path, never a listing.
    const withQuery = await fetchAs(person.api, `${objectPath}?list-type=2`);
    const plain = await fetchAs(person.api, objectPath!);
    expect(Buffer.from(await withQuery.arrayBuffer()).equals(Buffer.from(await plain.arrayBuffer()))).toBe(true);
    for (const method of ['PUT', 'POST', 'DELETE']) {
      expect((await fetchAs(person.api, objectPath!, { method })).status, method).toBe(405);
    }
  });
});
