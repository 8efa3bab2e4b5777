import { describe, expect, it } from 'vitest';
import { arrowGeometry, isDark, markupSvg } from './markup-svg';
import { markupSchema, type Markup } from './markup';

/** The markup's one geometry, as SVG (issue 30). */

const markup: Markup = {
  shapes: [
    { kind: 'arrow', x1: 0.1, y1: 0.5, x2: 0.9, y2: 0.5, color: '#ff0000', width: 0.01 },
    { kind: 'ellipse', cx: 0.5, cy: 0.5, rx: 0.2, ry: 0.1, color: '#00ff00', width: 0.005 },
    { kind: 'freehand', points: [[0.1, 0.1], [0.2, 0.15], [0.3, 0.1]], color: '#0000ff', width: 0.02 },
    { kind: 'text', x: 0.2, y: 0.8, text: 'Scratch <here> & "there"', color: '#ffffff', size: 0.05 },
  ],
};

describe('markupSvg', () => {
  const svg = markupSvg(markup, 800, 600);

  it('is an SVG the size of the photo, one element per shape', () => {
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 800 600" width="800" height="600"/);
    expect(svg.match(/class="markup-/g)).toHaveLength(4);
  });

  it('scales fractions to pixels: the ellipse at the centre, its radii of the width and height', () => {
    expect(svg).toContain('<ellipse class="markup-ellipse" cx="400" cy="300" rx="160" ry="60" fill="none" stroke="#00ff00" stroke-width="4"/>');
  });

  it("draws the arrow's head at its end, its line stopping where the head starts", () => {
    const { line, head } = arrowGeometry(markup.shapes[0] as never, 800, 600);
    expect(head[0]).toEqual([720, 300]);
    expect(line.x2).toBeLessThan(720);
    expect(line.y2).toBe(300);
  });

  it('outlines a freehand stroke as a filled path', () => {
    expect(svg).toMatch(/<path class="markup-freehand" d="M [\d.]+ [\d.]+ Q [^"]+ Z" fill="#0000ff"\/>/);
  });

  it('escapes text and gives it a halo of the opposite lightness', () => {
    expect(svg).toContain('>Scratch &lt;here&gt; &amp; &quot;there&quot;</text>');
    expect(svg).toContain('stroke="#000000"');
    expect(isDark('#ffffff')).toBe(false);
    expect(isDark('#000000')).toBe(true);
  });

  it('draws nothing for an empty markup', () => {
    expect(markupSvg(markupSchema.parse({ shapes: [] }), 10, 10)).toMatch(/aria-label="Markup"><\/svg>$/);
  });
});
