import { expect } from 'vitest';
import type { ApiClient } from './api-client';

/** A 1×1 PNG: the smallest photo publishing accepts. */
export const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * Uploads `bytes` as `api`'s person would (POST /api/objects/upload, then the file to the bucket)
 * and answers the address to publish it by. Speaks both shapes of the answer: a presigned POST form
 * (`fields`; the file lands at uploadURL/key) and a presigned PUT URL (the address without its query).
 */
export async function uploadPhoto(api: ApiClient, bytes: Buffer = tinyPng): Promise<string> {
  const asked = await api.post('/api/objects/upload');
  expect(asked.status, JSON.stringify(asked.body)).toBeLessThan(300);
  const { uploadURL, fields } = asked.body as { uploadURL: string; fields?: Record<string, string> };
  if (fields) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('Content-Type', 'image/png');
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
    expect((await fetch(uploadURL, { method: 'POST', body: form })).status).toBeLessThan(300);
    return `${uploadURL.replace(/\/$/, '')}/${fields.key}`;
  }
  expect((await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': 'image/png' } })).status).toBe(200);
  return uploadURL.replace(/[?#].*$/s, '');
}
