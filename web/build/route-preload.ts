import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { apiRoutes, type RouteName } from '../../contract/routes.js';

/**
 * A page's own code fetched beside the main bundle, not after it (issue 16: a slow phone's first
 * look). Left alone, the browser fetches the main bundle, runs it, and only then does the router
 * ask for the page's pieces: on Lighthouse's phone that is the bundle's download and evaluation
 * (~0.8 s) before the checklist's 30 KB even start. This plugin writes a small script, loaded
 * `async` from index.html, that knows which files each page needs (from the build, so always the
 * current hashed names) and adds a `modulepreload` (or a style `preload`) for them when the address
 * is that page's. The router later imports the same files and finds them fetched.
 *
 * The same goes for the reads a page's first draw waits on (`firstReads`): asked for with a fetch
 * `preload` beside the main bundle, they have answered by the time the router's loaders ask for
 * them, and the browser hands the loaders those answers (a round trip less before the first room
 * card on a phone).
 */

/**
 * The API reads each route file's loader makes before the page can draw (a layout's apply to every
 * page in it), GETs whose `{name}`s are the route's own parameters. The loaders in `web/routes`
 * are the authority: a read named here that the page does not make is fetched for nothing, which
 * the checklist's browser test (each read once, none unused) would show.
 */
const firstReads: Record<string, readonly RouteName[]> = {
  '_signed-in': ['me'],
  '_signed-in/$checklist.$id': ['projectChecklist'],
};

/** A route file's component, as TanStack Router's code splitting names it (its error screens are left out: rarely drawn). */
const routePiece = /[\\/]web[\\/]routes[\\/](.+)\.tsx\?tsr-split=component$/;

/**
 * The addresses a flat route file answers (TanStack Router's file naming): `.` separates segments,
 * `$id` is a parameter, a trailing `_` leaves a parent's layout, a leading `_` is a pathless layout,
 * `index` is the parent's own address.
 */
export function routePattern(file: string): string {
  const segments = file
    .split(/[\\/]/)
    .flatMap((part) => part.split('.'))
    .filter((segment) => !segment.startsWith('_') && segment !== 'index')
    .map((segment) => (segment.startsWith('$') ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/_$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^/${segments.join('/')}/?$`;
}

/** The paths of the reads a route file's page makes first (`{id}` filled from the address by the script). */
export function firstReadsOf(file: string): string[] {
  const params = new Set([...file.matchAll(/\$(\w+)/g)].map((match) => match[1]!));
  return [...layoutsOf(file), file].flatMap((owner) =>
    (firstReads[owner] ?? []).map((name) => {
      const { method, path } = apiRoutes[name];
      const missing = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).filter((param) => !params.has(param));
      if (method !== 'GET' || missing.length) throw new Error(`route-preload: ${name} (${method} ${path}) is no read ${file} can ask for beforehand`);
      return path;
    }),
  );
}

/** The pathless layouts a route file sits in (`_signed-in/project.$id` → `_signed-in`). */
const layoutsOf = (file: string): string[] => {
  const parts = file.split(/[\\/]/).slice(0, -1);
  return parts.map((_, index) => parts.slice(0, index + 1).join('/')).filter((layout) => layout.split('/').at(-1)!.startsWith('_'));
};

/**
 * The script: for the first pattern the address matches, a preload of each of its files. Then it
 * makes the first date and number formatters while the main thread has nothing else to do: the
 * first of each sets up the browser's locale data (~15 ms on this machine, 4× that on Lighthouse's
 * phone), which the pages' modules would otherwise pay in the long task that draws them.
 */
const script = (routes: [string, string[], string[]][]) =>
  `(function(){var r=${JSON.stringify(routes)},p=location.pathname,m;for(var i=0;i<r.length;i++){if(!(m=new RegExp(r[i][0]).exec(p)))continue;` +
  // crossorigin on both, as Vite's own loader asks for a chunk's styles and code: a preload in
  // another credentials mode is not the request the page makes, and is fetched a second time.
  `r[i][1].forEach(function(f){var l=document.createElement('link');if(/\\.css$/.test(f)){l.rel='preload';l.as='style'}else{l.rel='modulepreload'}l.crossOrigin='';` +
  `l.href='/'+f;document.head.appendChild(l)});` +
  // A read as the app's fetch makes it (GET, cookies sent): only then does the browser hand it the answer.
  // Not offline: the app waits for the network there, and would be handed the failed preload once back.
  `if(navigator.onLine)r[i][2].forEach(function(t){try{var l=document.createElement('link');l.rel='preload';l.as='fetch';l.crossOrigin='use-credentials';` +
  `l.href=t.replace(/\\{(\\w+)\\}/g,function(_,k){return encodeURIComponent(decodeURIComponent(m.groups[k]))});document.head.appendChild(l)}catch(e){}});break}` +
  `try{new Intl.DateTimeFormat('en-US',{month:'short',day:'numeric',year:'numeric'}).format(0);new Intl.NumberFormat('en-US').format(0)}catch(e){}})();`;

export function routePreload(): Plugin {
  return {
    name: 'cc-route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (roots: readonly OutputChunk[]) => {
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
        };
        for (const root of roots) visit(root.fileName);
        return seen;
      };
      const html = (bundle as OutputBundle)['index.html'];
      if (html?.type !== 'asset') return this.error('index.html is not in the bundle (web/build/route-preload.ts)');
      // What index.html loads (the main bundle, the bundler's runtime, the main styles) is there already.
      const loaded = [...String(html.source).matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]!);
      const initial = new Set([...loaded, ...closure(loaded.flatMap((name) => byName.get(name) ?? []))]);
      const pieces = new Map<string, OutputChunk[]>();
      for (const chunk of chunks) {
        const file = chunk.facadeModuleId?.match(routePiece)?.[1];
        if (file) pieces.set(file, [...(pieces.get(file) ?? []), chunk]);
      }
      const routes: [string, string[], string[]][] = [];
      for (const [file, own] of pieces) {
        if (file.split(/[\\/]/).at(-1)!.startsWith('_')) continue;
        const needed = [...closure([...own, ...layoutsOf(file).flatMap((layout) => pieces.get(layout) ?? [])])].filter((name) => !initial.has(name));
        const css = needed.flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]).filter((name) => !initial.has(name));
        routes.push([routePattern(file), [...needed, ...new Set(css)].sort(), firstReadsOf(file)]);
      }
      // The longest patterns first: /project/$id/audit before /project/$id.
      routes.sort((a, b) => b[0].length - a[0].length);
      const fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'route-preload.js', source: script(routes) }));
      html.source = String(html.source).replace('</title>', `</title>\n    <script async src="/${fileName}"></script>`);
    },
  };
}
