import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { httpRoutes } from '../../functions/routes';
import { nativePackagesOf } from './native-modules';

/** Which functions carry sharp (issue 30): those whose code decodes or encodes images, and no other. */

const of = (handler: URL) => nativePackagesOf(fileURLToPath(handler));

describe('nativePackagesOf', () => {
  it('finds sharp where photos are published, served and printed', () => {
    expect(of(httpRoutes.publishObject.handler)).toEqual(['sharp']);
    expect(of(httpRoutes.getObject.handler)).toEqual(['sharp']);
    expect(of(httpRoutes.exportPdf.handler)).toEqual(['sharp']);
  });

  it('leaves it out of functions that never touch an image', () => {
    expect(of(httpRoutes.health.handler)).toEqual([]);
    expect(of(httpRoutes.login.handler)).toEqual([]);
    expect(of(httpRoutes.requestUpload.handler)).toEqual([]);
  });
});
