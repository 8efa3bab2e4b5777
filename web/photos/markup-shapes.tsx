import { getStroke } from 'perfect-freehand';
import type { Markup, MarkupShape } from '../../events/uploads/markup';

/**
 * A photo's markup drawn as SVG (issue 30): the shapes' fractions of the photo's width and height
 * become points in a `width` × `height` box (the photo's own pixels), so the SVG's viewBox is the
 * photo's and it lies over the image exactly however large the image is drawn (the thumbnail, the
 * full view, the editor). The overlay, the editor and the before/after view draw with this.
 */

/** The arrow's head: its length as a multiple of the stroke's width, and its half-angle. */
const HEAD_LENGTH = 4;
const HEAD_ANGLE = Math.PI / 7;

/** An arrow's head as the three points of a filled triangle at (x2, y2). */
export function arrowHead(x1: number, y1: number, x2: number, y2: number, stroke: number): string {
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const length = stroke * HEAD_LENGTH;
  const point = (turn: number) => `${x2 - length * Math.cos(angle + turn)},${y2 - length * Math.sin(angle + turn)}`;
  return `${x2},${y2} ${point(HEAD_ANGLE)} ${point(-HEAD_ANGLE)}`;
}

/** A freehand stroke as perfect-freehand's outline (a filled path), its points in pixels. */
export function freehandPath(points: readonly (readonly [number, number])[], stroke: number): string {
  const outline = getStroke(points.map(([x, y]) => [x, y]), { size: stroke * 1.6, thinning: 0.5, smoothing: 0.5, streamline: 0.4, simulatePressure: true });
  if (outline.length === 0) return '';
  const [first, ...rest] = outline;
  return `M${first![0]},${first![1]} ${rest.map(([x, y]) => `L${x},${y}`).join(' ')} Z`;
}

/** One shape, in a box of `width` × `height`. */
export function ShapeSvg({ shape, width, height }: { shape: MarkupShape; width: number; height: number }) {
  switch (shape.kind) {
    case 'arrow': {
      const stroke = shape.width * width;
      const [x1, y1, x2, y2] = [shape.x1 * width, shape.y1 * height, shape.x2 * width, shape.y2 * height];
      // The line stops where the head starts, so the head's point stays sharp.
      const angle = Math.atan2(y2 - y1, x2 - x1);
      const back = stroke * HEAD_LENGTH * Math.cos(HEAD_ANGLE) * 0.9;
      return (
        <g fill={shape.color} stroke={shape.color}>
          <line x1={x1} y1={y1} x2={x2 - back * Math.cos(angle)} y2={y2 - back * Math.sin(angle)} strokeWidth={stroke} strokeLinecap="round" />
          <polygon points={arrowHead(x1, y1, x2, y2, stroke)} stroke="none" />
        </g>
      );
    }
    case 'ellipse':
      return <ellipse cx={shape.cx * width} cy={shape.cy * height} rx={shape.rx * width} ry={shape.ry * height} fill="none" stroke={shape.color} strokeWidth={shape.width * width} />;
    case 'freehand':
      return <path d={freehandPath(shape.points.map(([x, y]) => [x * width, y * height]), shape.width * width)} fill={shape.color} />;
    case 'text': {
      const size = shape.size * width;
      // A dark outline under light letters (and the reverse) keeps the label legible on any photo.
      return (
        <text x={shape.x * width} y={shape.y * height} fontSize={size} fontWeight={700} fontFamily="system-ui, sans-serif" fill={shape.color} stroke={outlineOf(shape.color)} strokeWidth={size / 8} paintOrder="stroke" dominantBaseline="middle">
          {shape.text}
        </text>
      );
    }
  }
}

/** Black or white, whichever stands out from a #rrggbb colour. */
export function outlineOf(color: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(color.slice(at, at + 2), 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 150 ? '#000000' : '#ffffff';
}

/**
 * The markup over an image drawn in the same box: the photo is `width` × `height` pixels;
 * `fit` as the image's object-fit ('cover' crops the same way the thumbnail does).
 */
export function MarkupOverlay({ markup, width, height, fit = 'contain' }: { markup: Markup; width: number; height: number; fit?: 'contain' | 'cover' }) {
  if (markup.shapes.length === 0) return null;
  return (
    <svg
      aria-hidden="true"
      data-testid="markup-overlay"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio={fit === 'cover' ? 'xMidYMid slice' : 'xMidYMid meet'}
      className="pointer-events-none absolute inset-0 size-full"
    >
      {markup.shapes.map((shape, index) => (
        <ShapeSvg key={index} shape={shape} width={width} height={height} />
      ))}
    </svg>
  );
}

/** What the shapes say, for a screen reader: 'Markup: an arrow, a label "Crack"'. */
export function markupDescription(markup: Markup): string {
  const words = markup.shapes.map((shape) => (shape.kind === 'text' ? `a label "${shape.text}"` : shape.kind === 'arrow' ? 'an arrow' : shape.kind === 'ellipse' ? 'a circle' : 'a freehand line'));
  return words.length ? `Markup: ${words.join(', ')}` : '';
}
