import { getStroke } from 'perfect-freehand';
import type { Markup, MarkupShape } from './markup';

/**
 * A photo's markup drawn as SVG (issue 30): the one geometry for the PDF (which lays this over the
 * photo) and the web app's overlay (which may draw the same elements as React from the helpers
 * below). Pure: (markup, width, height) in, SVG text out. Coordinates in the markup are fractions
 * of the photo's width and height; stroke widths and text sizes fractions of its width, so the
 * drawing fits the thumbnail, the full image and the PDF alike.
 *
 * - arrows: a line with a filled head, sized by the stroke;
 * - ellipses: outlines;
 * - freehand: perfect-freehand's outline of the stroke (getStroke), filled;
 * - text: filled, with a dark (or light, for dark text) halo painted under it, so it reads on any photo.
 */

type Point = readonly [number, number];

const round = (value: number) => Math.round(value * 100) / 100;
const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The arrow's line, ending where its head starts, and its head's three corners (tip first), in pixels. */
export function arrowGeometry(shape: Extract<MarkupShape, { kind: 'arrow' }>, width: number, height: number) {
  const [x1, y1, x2, y2] = [shape.x1 * width, shape.y1 * height, shape.x2 * width, shape.y2 * height];
  const stroke = Math.max(1, shape.width * width);
  const length = Math.hypot(x2 - x1, y2 - y1) || 1;
  const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
  const headLength = Math.min(length, Math.max(stroke * 4, 8));
  const headHalf = headLength * 0.55;
  const [bx, by] = [x2 - ux * headLength, y2 - uy * headLength];
  const head: Point[] = [
    [x2, y2],
    [bx - uy * headHalf, by + ux * headHalf],
    [bx + uy * headHalf, by - ux * headHalf],
  ];
  return { line: { x1, y1, x2: bx, y2: by }, head, stroke };
}

/** A freehand stroke's outline as an SVG path (perfect-freehand's getStroke, joined with quadratic curves). */
export function freehandPath(shape: Extract<MarkupShape, { kind: 'freehand' }>, width: number, height: number): string {
  const points = shape.points.map(([x, y]) => [x * width, y * height]);
  const outline = getStroke(points, { size: Math.max(1, shape.width * width), thinning: 0.5, smoothing: 0.5, streamline: 0.5, simulatePressure: true });
  if (outline.length === 0) return '';
  const at = (i: number) => outline[i % outline.length] as unknown as readonly [number, number];
  const segments = outline.map((_, i) => {
    const [point, next] = [at(i), at(i + 1)];
    return `${round(point[0])} ${round(point[1])} ${round((point[0] + next[0]) / 2)} ${round((point[1] + next[1]) / 2)}`;
  });
  return `M ${round(at(0)[0])} ${round(at(0)[1])} Q ${segments.join(' ')} Z`;
}

/** Whether a colour is dark (its halo is then light): relative luminance by the sRGB weights. */
export function isDark(color: string): boolean {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(color.slice(at, at + 2), 16) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! < 0.5;
}

function shapeSvg(shape: MarkupShape, width: number, height: number): string {
  const color = xml(shape.color);
  switch (shape.kind) {
    case 'arrow': {
      const { line, head, stroke } = arrowGeometry(shape, width, height);
      return (
        `<g class="markup-arrow"><line x1="${round(line.x1)}" y1="${round(line.y1)}" x2="${round(line.x2)}" y2="${round(line.y2)}" stroke="${color}" stroke-width="${round(stroke)}" stroke-linecap="round"/>` +
        `<polygon points="${head.map(([x, y]) => `${round(x)},${round(y)}`).join(' ')}" fill="${color}"/></g>`
      );
    }
    case 'ellipse':
      return `<ellipse class="markup-ellipse" cx="${round(shape.cx * width)}" cy="${round(shape.cy * height)}" rx="${round(shape.rx * width)}" ry="${round(shape.ry * height)}" fill="none" stroke="${color}" stroke-width="${round(Math.max(1, shape.width * width))}"/>`;
    case 'freehand':
      return `<path class="markup-freehand" d="${freehandPath(shape, width, height)}" fill="${color}"/>`;
    case 'text': {
      const size = Math.max(6, shape.size * width);
      const halo = isDark(shape.color) ? '#ffffff' : '#000000';
      return `<text class="markup-text" x="${round(shape.x * width)}" y="${round(shape.y * height)}" font-family="Helvetica, Arial, sans-serif" font-weight="700" font-size="${round(size)}" fill="${color}" stroke="${halo}" stroke-width="${round(size / 6)}" stroke-linejoin="round" paint-order="stroke">${xml(shape.text)}</text>`;
    }
  }
}

/**
 * The markup as an SVG document the size of the photo (`width` × `height` pixels), to lay over
 * it; with `image` (the photo's URL, e.g. a data: URL) the photo itself is drawn first, under the
 * markup, and `style` sizes the whole (the PDF's thumbnails: the photo is shown whole, `meet`).
 */
export function markupSvg(markup: Markup, width: number, height: number, options: { image?: string; style?: string; label?: string } = {}): string {
  const body = markup.shapes.map((shape) => shapeSvg(shape, width, height)).join('');
  const [w, h] = [round(width), round(height)];
  const size = options.style === undefined ? `width="${w}" height="${h}"` : `style="${xml(options.style)}" preserveAspectRatio="xMidYMid meet"`;
  const photo = options.image === undefined ? '' : `<image href="${xml(options.image)}" x="0" y="0" width="${w}" height="${h}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" ${size} role="img" aria-label="${xml(options.label ?? 'Markup')}">${photo}${body}</svg>`;
}
