import { publishedKeyOf } from '../uploads/object-paths';
import { limits } from './model';

/**
 * Which stored links and images are safe: the one rule for what the API accepts and what the web
 * app and the PDF render (issue 12). A link is an absolute `http:` or `https:` URL; an image is
 * such a URL or a photo this app published, served at `/objects/<file>`. `javascript:`, `data:`,
 * `vbscript:`, `file:` and anything that is not a URL are neither. Whatever is stored (old data
 * included), nothing else becomes an `href` or a `src`.
 */

/** Longer than any address a person pastes or this app hands out (uploads, published photos). */
export const MAX_URL_LENGTH = limits.url;


function webUrl(text: string): URL | undefined {
  // Whitespace or control characters inside are not part of an address someone typed or pasted.
  if (!text || text.length > MAX_URL_LENGTH || /[\s\u0000-\u001f\u007f\\]/.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname || url.username || url.password) return undefined;
  return url;
}

/** An absolute http(s) URL, as the API accepts it for links (and images). */
export const isWebUrl = (text: string): boolean => webUrl(text) !== undefined;

/** A photo this app published: `/objects/<file>`, no dot segments. */
export const isObjectPath = (text: string): boolean => publishedKeyOf(text) !== undefined;

/** What the API accepts as an image: an http(s) URL or one of our `/objects/` paths. */
export const isImageRef = (text: string): boolean => isWebUrl(text) || isObjectPath(text);

/**
 * The `href` to open a stored link with, or undefined to show it as plain text. Text without a
 * scheme (old entries typed as 'example.com/tile') is taken as an https address; only http and
 * https ever come out.
 */
export function safeHref(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  // 'example.com:8080' and 'localhost:3000' are a host and a port, not a scheme.
  const hasScheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(trimmed);
  const candidate = hasScheme ? trimmed : `https://${trimmed.replace(/^\/\//, '')}`;
  return webUrl(candidate) ? candidate : undefined;
}

/** The `src` to show a stored image with, or undefined for the broken-image placeholder. */
export function safeImageSrc(text: string): string | undefined {
  const trimmed = text.trim();
  if (isObjectPath(trimmed)) return trimmed;
  return webUrl(trimmed) ? trimmed : undefined;
}
