import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces that name our files and lines, paid for only when a stack is read. Node's
 * `--enable-source-maps` parses a bundle's whole map when the bundle loads: 23–28 ms of every
 * cold start, on Node 20 and 24 alike (`npm run bench:bundles`), for traces almost no request
 * prints. Here the map is read the first time a stack trace is formatted (an error being logged),
 * and each frame of the bundle is then given its place in our sources, with Node's own parser.
 *
 * Only where the bundle has its map beside it (a Lambda); under tsx (the local cloud, the tests)
 * the stacks already name the TypeScript files, and where Node maps them itself it is left alone.
 */
export function mapStacksOnDemand(bundleUrl: string): void {
  if (!bundleUrl.startsWith('file:') || process.sourceMapsEnabled) return;
  const bundle = fileURLToPath(bundleUrl);
  if (!existsSync(`${bundle}.map`)) return;
  let map: SourceMap | null | undefined;
  const sourceMap = (): SourceMap | null => {
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')));
      } catch {
        map = null;
      }
    }
    return map;
  };
  /** A frame of the bundle as Node's own mapping writes it: the original function's name, then its file (from the repository's root), line and column. */
  const framePlace = (frame: NodeJS.CallSite, caller: NodeJS.CallSite | undefined): string => {
    const text = frame.toString();
    const file = frame.getFileName();
    const line = frame.getLineNumber();
    const column = frame.getColumnNumber();
    const map = file === bundleUrl || file === bundle ? sourceMap() : null;
    if (!map || line === null || column === null) return text;
    const origin = map.findOrigin(line, column);
    if (!('fileName' in origin)) return text;
    const place = `${origin.fileName.replace(/^(\.\.\/)+/, '')}:${origin.lineNumber}:${origin.columnNumber}`;
    const name = originalName(map, frame, caller) ?? frame.getFunctionName();
    return `${frame.isAsync() ? 'async ' : ''}${frame.isConstructor() ? 'new ' : ''}${name ? `${name} (${place})` : place}`;
  };
  Error.prepareStackTrace = (error, frames) => {
    let header: string;
    try {
      header = Error.prototype.toString.call(error);
    } catch {
      header = '<error>';
    }
    return [header, ...frames.map((frame, at) => `    at ${framePlace(frame, frames[at + 1])}`)].join('\n');
  };
}

/** The function's own name: the one the map gives its start, else the one it gives the call to it (as Node's mapping does). */
function originalName(map: SourceMap, frame: NodeJS.CallSite, caller: NodeJS.CallSite | undefined): string | undefined {
  const nameAt = (line: number | null, column: number | null) => {
    if (line === null || column === null) return undefined;
    const origin = map.findOrigin(line, column);
    return 'name' in origin && origin.name ? origin.name : undefined;
  };
  return (
    nameAt(frame.getEnclosingLineNumber(), frame.getEnclosingColumnNumber()) ??
    (caller && caller.getFileName() === frame.getFileName() ? nameAt(caller.getLineNumber(), caller.getColumnNumber()) : undefined)
  );
}
