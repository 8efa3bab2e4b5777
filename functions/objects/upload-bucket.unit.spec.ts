import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envNames } from '../config';
import { presignUpload, UPLOAD_URL_LIFETIME_SECONDS } from './upload-bucket';

/**
 * Presigning happens offline (no request is sent), so it is checked here as it would run in AWS:
 * against real S3 a presigned PUT that carries the SDK's CRC32 of an empty body is refused once
 * the browser sends the file, and s3rver, which checks nothing, would never show it.
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

describe('presignUpload', () => {
  it('signs a short-lived PUT to the key in the uploads bucket, without a checksum of an empty body', async () => {
    const url = new URL(await presignUpload('uploads/u-1/token'));
    expect(`${url.origin}${url.pathname}`).toBe('https://photos-bucket.s3.eu-west-1.amazonaws.com/uploads/u-1/token');
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(UPLOAD_URL_LIFETIME_SECONDS));
    expect(UPLOAD_URL_LIFETIME_SECONDS).toBeLessThanOrEqual(15 * 60);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
  });
});
