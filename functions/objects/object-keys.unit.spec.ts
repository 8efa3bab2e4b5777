import { describe, expect, it } from 'vitest';
import { newPublishedKey, newUploadKey, objectPathOf, originalKeyOf, parseUploadURL, servedObjectKey, thumbnailKeyOf, tokenOfUploadKey, withoutQuery } from './object-keys';

/** Pending upload keys, published keys, and what the local gateway serves. */

const userId = '3f1c2a9e-0b7d-4c55-9a0e-2d6b8f1e4c21';
const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012-_9';

describe('keys', () => {
  it('puts pending uploads under uploads/<userId>/ and published photos under objects/, with random tokens', () => {
    expect(newUploadKey(userId, token)).toBe(`uploads/${userId}/${token}`);
    expect(newPublishedKey('png', token)).toBe(`objects/${token}.png`);
    expect(objectPathOf(`objects/${token}.png`)).toBe(`/objects/${token}.png`);
    const [a, b] = [newUploadKey(userId), newUploadKey(userId)];
    expect(a).not.toBe(b);
    expect(a).toMatch(new RegExp(`^uploads/${userId}/[A-Za-z0-9_-]{32}$`));
    expect(newPublishedKey('jpg')).toMatch(/^objects\/[A-Za-z0-9_-]{32}\.jpg$/);
  });

  it("names a photo's private original and thumbnail after its served copy, and publishes an upload under its own token (issue 30)", () => {
    expect(originalKeyOf(`objects/${token}.jpg`)).toBe(`originals/${token}.jpg`);
    expect(thumbnailKeyOf(`objects/${token}.jpg`)).toBe(`thumbnails/${token}.jpg.webp`);
    expect(tokenOfUploadKey(newUploadKey(userId, token))).toBe(token);
    // Neither is under objects/: the photo route never serves them.
    expect(servedObjectKey(`/${originalKeyOf(`objects/${token}.jpg`)}`)).toBeUndefined();
  });

  it('drops the query (signature, expiry) of a presigned URL', () => {
    expect(withoutQuery('http://127.0.0.1:9000/b/uploads/u/t?X-Amz-Signature=abc#x')).toBe('http://127.0.0.1:9000/b/uploads/u/t');
  });
});

describe('parseUploadURL', () => {
  const key = `uploads/${userId}/${token}`;

  it('reads the key and owner of a path-style or virtual-hosted upload URL, with or without its query', () => {
    expect(parseUploadURL(`http://127.0.0.1:4569/cc-uploads/${key}`)).toEqual({ key, userId, location: `http://127.0.0.1:4569/cc-uploads/${key}` });
    expect(parseUploadURL(`https://bucket.s3.eu-west-1.amazonaws.com/${key}?X-Amz-Credential=AKIA%2F20261123`)).toEqual({
      key,
      userId,
      location: `https://bucket.s3.eu-west-1.amazonaws.com/${key}`,
    });
  });

  it.each([
    ['garbage', 'not a url'],
    ['empty', ''],
    ['another scheme', `ftp://host/b/${key}`],
    ['a javascript: URL', `javascript:alert('${key}')`],
    ['credentials in the URL', `http://user:pw@host/b/${key}`],
    ['a published key', `http://host/b/objects/${token}.png`],
    ['a dot segment', `http://host/b/uploads/someone-else/../${userId}/${token}`],
    ['encoded traversal', `http://host/b/uploads/${userId}/%2e%2e/${token}`],
    ['an encoded slash', `http://host/b/uploads%2F${userId}/${token}`],
    ['a backslash', `http://host/b\\uploads/${userId}/${token}`],
    ['a short token', `http://host/b/uploads/${userId}/abc`],
    ['a longer path after the token', `http://host/b/${key}/more`],
    ['no user segment', `http://host/b/uploads/${token}`],
  ])('refuses %s', (_, url) => {
    expect(parseUploadURL(url)).toBeUndefined();
  });
});

describe('servedObjectKey', () => {
  it('serves exactly the key under objects/ that the path names, query ignored', () => {
    expect(servedObjectKey(`/objects/${token}.png`)).toBe(`objects/${token}.png`);
    expect(servedObjectKey(`/objects/${token}.png?v=1`)).toBe(`objects/${token}.png`);
    expect(servedObjectKey('/objects/test/photo-1.txt')).toBe('objects/test/photo-1.txt');
  });

  it.each([
    ['the listing', '/objects/'],
    ['the prefix without a slash', '/objects'],
    ['a pending upload', `/uploads/${userId}/${token}`],
    ['a dot segment', '/objects/../uploads/x'],
    ['a lone dot', '/objects/./a.png'],
    ['a hidden name', '/objects/.env'],
    ['encoded traversal', '/objects/%2e%2e/uploads/x'],
    ['an encoded slash', '/objects/a%2Fb'],
    ['a backslash', '/objects/..\\uploads\\x'],
    ['an empty segment', '/objects//a.png'],
    ['a trailing slash', '/objects/a/'],
    ['an over-long key', `/objects/${'a'.repeat(1100)}`],
  ])('serves nothing for %s', (_, path) => {
    expect(servedObjectKey(path)).toBeUndefined();
  });
});
