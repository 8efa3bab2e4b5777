import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envNames } from '../config';
import { MAX_PHOTO_BYTES } from '../../events/uploads/photo-rules';
import { presignUploadForm, UPLOAD_URL_LIFETIME_SECONDS } from './upload-bucket';

/**
 * Presigning happens offline (no request is sent), so it is checked here as it would run in AWS:
 * the policy is what real S3 enforces before a file lands, and s3rver, which enforces no policy,
 * would never show a wrong one.
 */

const awsLike = {
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'AKIAEXAMPLEEXAMPLE00',
  AWS_SECRET_ACCESS_KEY: 'example-secret',
  AWS_ENDPOINT_URL_S3: '',
  AWS_ENDPOINT_URL: '',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  [envNames.uploadsBucket]: 'photos-bucket',
  [envNames.sessionSecret]: 'unit-test-secret-of-at-least-32-characters',
  [envNames.s3Compatible]: 'false',
};
const saved = Object.fromEntries(Object.keys(awsLike).map((name) => [name, process.env[name]]));

beforeAll(() => {
  Object.assign(process.env, awsLike);
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('presignUploadForm', () => {
  it('signs a short-lived POST policy for the key that caps the size at 10 MB and the type to images', async () => {
    const before = Date.now();
    const { url, fields } = await presignUploadForm('uploads/u-1/token');
    expect(url).toBe('https://photos-bucket.s3.eu-west-1.amazonaws.com/');
    expect(fields).toMatchObject({ key: 'uploads/u-1/token', bucket: 'photos-bucket', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' });
    expect(fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);

    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, MAX_PHOTO_BYTES],
        ['starts-with', '$Content-Type', 'image/'],
        { key: 'uploads/u-1/token' },
        { bucket: 'photos-bucket' },
      ]),
    );
    expect(MAX_PHOTO_BYTES).toBe(10_485_760);
    const lifetime = (Date.parse(policy.expiration) - before) / 1000;
    expect(lifetime).toBeGreaterThan(UPLOAD_URL_LIFETIME_SECONDS - 5);
    expect(lifetime).toBeLessThanOrEqual(UPLOAD_URL_LIFETIME_SECONDS + 1);
    expect(UPLOAD_URL_LIFETIME_SECONDS).toBeLessThanOrEqual(15 * 60);
  });
});
