import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PhotoThumb } from '../photos/photo-list';
import { PartReferences } from './item-panels';
import { PrintingContext } from '../components/printing';

/** Whatever is stored (old data included), only http(s) addresses and our /objects/ paths become an href or a src. */

/** A photo as a printed page draws it (every thumbnail fetched at once, not as it comes near). */
const thumb = (src: string) => renderToStaticMarkup(createElement(PrintingContext, { value: true }, createElement(PhotoThumb, { src, alt: 'Reference Images 1', onOpen: () => undefined })));

const hrefsAndSrcs = (html: string) => [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((match) => match[1]);
const unsafe = ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd'];

describe('rendering stored links and images', () => {
  it('given an unsafe stored image, then it shows the broken-image placeholder, neither src nor href', () => {
    for (const src of [...unsafe, 'not a url']) {
      const html = thumb(src);
      expect(html, src).toContain('data-testid="image-placeholder"');
      expect(hrefsAndSrcs(html), src).toEqual([]);
    }
  });

  it('given a safe stored image, then it is shown: our photos by their thumbnail (issue 30), others as they are', () => {
    expect(hrefsAndSrcs(thumb('/objects/a.png'))).toEqual(['/objects/a.png?size=thumb']);
    expect(hrefsAndSrcs(thumb('https://cdn.example/a.png'))).toEqual(['https://cdn.example/a.png']);
  });

  it('given unsafe stored cabinet links, then they show as plain text; safe ones are links', () => {
    const html = renderToStaticMarkup(
      createElement(PartReferences, { itemId: 'i', part: 'Style', cabinetKey: 'styleImages', links: [...unsafe, 'https://a.example/style'], images: unsafe, onLinksChange: () => undefined, onImagesChange: () => undefined }),
    );
    expect(hrefsAndSrcs(html)).toEqual(['https://a.example/style']);
    expect(html).toContain('javascript:alert(1)');
  });
});
