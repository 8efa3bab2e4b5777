import type { PhotoEvidence } from '../offline/outbox/command';

/** The browser's position is asked once per photo; past this it is given up on (and said so). */
export const LOCATION_TIMEOUT_MS = 10_000;

export type LocationAnswer = { readonly location: NonNullable<PhotoEvidence['location']> } | { readonly problem: string };

/** Why no position came, in words for the person. */
const problems: Record<number, string> = {
  1: 'Location was not allowed in this browser.',
  2: 'This device could not tell its location.',
  3: 'The location took too long to find.',
};

/** Asks the browser where the device is, once, with a timeout; a refusal answers why. */
export function askLocation(timeout = LOCATION_TIMEOUT_MS): Promise<LocationAnswer> {
  if (!('geolocation' in navigator)) return Promise.resolve({ problem: 'This browser cannot tell its location.' });
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ location: { latitude: coords.latitude, longitude: coords.longitude, accuracy: Number.isFinite(coords.accuracy) ? coords.accuracy : undefined } }),
      (error) => resolve({ problem: problems[error.code] ?? 'This device could not tell its location.' }),
      { timeout, maximumAge: 60_000, enableHighAccuracy: true },
    ),
  );
}

/**
 * The device's side of a photo's evidence: when it was taken as the file says (its lastModified:
 * for a photo just taken, the moment of the shot; the server labels it `device`), and where, only
 * when the person ticked 'Include location' and the browser answered. Ticked, the photo's own GPS
 * (EXIF) is kept too even when the browser would not tell: the person opted in.
 */
export function deviceEvidence(file: File, includeLocation: boolean, location?: PhotoEvidence['location']): PhotoEvidence {
  const capturedAt = Number.isFinite(file.lastModified) && file.lastModified > 0 ? new Date(file.lastModified).toISOString() : undefined;
  return { capturedAt, includeLocation, location: includeLocation ? location : undefined };
}
