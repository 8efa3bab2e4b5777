/** A file the server answers (a PDF export, a change order), saved as a download would. */

/**
 * The file name of a Content-Disposition header: the UTF-8 `filename*` (RFC 8187) when present
 * and well-formed, else the quoted or bare `filename`.
 */
export function filenameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // Broken percent-encoding: the plain name below is the fallback the header offers.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)?.[1];
  return quoted?.replace(/\\(.)/g, '$1') ?? /filename\s*=\s*([^;\s"]+)/i.exec(header)?.[1];
}

/** Saves a blob the way a download link would. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Not at once: a browser may still be reading the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
