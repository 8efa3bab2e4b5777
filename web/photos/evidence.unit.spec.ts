import { describe, expect, it } from 'vitest';
import { deviceEvidence } from './evidence';

describe("a photo's evidence as the device tells it (issue 30)", () => {
  const taken = Date.parse('2026-11-20T14:03:00.000Z');
  const file = new File(['x'], 'wall.jpg', { type: 'image/jpeg', lastModified: taken });
  const site = { latitude: 45.5, longitude: -122.6, accuracy: 10 };

  it("gives the file's time as when it was taken, and no location unless 'Include location' is ticked", () => {
    expect(deviceEvidence(file, false, site)).toEqual({ capturedAt: '2026-11-20T14:03:00.000Z', includeLocation: false, location: undefined });
  });

  it('gives the position with the tick, and the tick alone when the browser would not tell', () => {
    expect(deviceEvidence(file, true, site)).toEqual({ capturedAt: '2026-11-20T14:03:00.000Z', includeLocation: true, location: site });
    expect(deviceEvidence(file, true)).toEqual({ capturedAt: '2026-11-20T14:03:00.000Z', includeLocation: true, location: undefined });
  });

  it('leaves the time out when the file has none', () => {
    expect(deviceEvidence(new File(['x'], 'a.jpg', { lastModified: 0 }), false).capturedAt).toBeUndefined();
  });
});
