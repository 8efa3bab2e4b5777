import { describe, expect, it } from 'vitest';
import { isImageRef, isObjectPath, isWebUrl, MAX_URL_LENGTH, safeHref, safeImageSrc } from './links';

/** The one rule for stored links and images: what the API accepts, and what is ever rendered. */

const hostile = [
  'javascript:alert(1)',
  ' JavaScript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'blob:https://a.example/1',
  'mailto:a@b.example',
];

describe('what the API accepts', () => {
  it('given an absolute http(s) URL, then it is a link and an image', () => {
    for (const url of ['https://a.example/tile?x=1#top', 'http://localhost:3000/objects/x.png', 'https://a.example']) {
      expect(isWebUrl(url), url).toBe(true);
      expect(isImageRef(url), url).toBe(true);
    }
  });

  it('given another scheme, no scheme, spaces, credentials or an oversized URL, then it is neither', () => {
    for (const value of [...hostile, 'example.com/tile', 'not a url', 'https://a.example/a b', 'https://user:pw@a.example/', 'https://', `https://a.example/${'x'.repeat(MAX_URL_LENGTH)}`, '']) {
      expect(isWebUrl(value), value).toBe(false);
      expect(isImageRef(value), value).toBe(false);
    }
  });

  it('given one of our /objects/ paths, then it is an image but not a link; other paths are neither', () => {
    expect(isObjectPath('/objects/abc_DEF-123.png')).toBe(true);
    expect(isImageRef('/objects/abc.png')).toBe(true);
    expect(isWebUrl('/objects/abc.png')).toBe(false);
    expect(isObjectPath('/objects/uploads/a.jpg')).toBe(true);
    for (const path of ['/objects/../uploads/u/t', '/objects/a/../b.png', '/objects/./b.png', '/objects/a//b.png', '/objects', '/etc/passwd', '//evil.example/x.png', '/objects/.hidden', '/objects/a%2f..']) {
      expect(isImageRef(path), path).toBe(false);
    }
  });
});

describe('what is rendered', () => {
  it('given a stored link, then only an http(s) href ever comes out; a scheme-less one is taken as https', () => {
    expect(safeHref('https://a.example/x')).toBe('https://a.example/x');
    expect(safeHref('example.com/tile')).toBe('https://example.com/tile');
    for (const value of hostile) expect(safeHref(value), value).toBeUndefined();
    expect(safeHref('java\tscript:alert(1)')).toBeUndefined();
  });

  it('given a stored image, then only an http(s) URL or an /objects/ path becomes a src (else the placeholder)', () => {
    expect(safeImageSrc('/objects/a.png')).toBe('/objects/a.png');
    expect(safeImageSrc(' https://cdn.example/a.png ')).toBe('https://cdn.example/a.png');
    for (const value of [...hostile, 'example.com/a.png', '/objects/../x']) expect(safeImageSrc(value), value).toBeUndefined();
  });
});
