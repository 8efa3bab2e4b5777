import type { Markup, MarkupShape } from '../../events/uploads/markup';
import { arrowGeometry, freehandPath, isDark } from '../../events/uploads/markup-svg';

/**
 * A photo's markup drawn as SVG elements (issue 30), from the same geometry as the PDF's
 * (events/uploads/markup-svg.ts): the shapes' fractions of the photo's width and height
 * become points in a `width` × `height` box (the photo's own pixels), so the SVG's viewBox is the
 * photo's and it lies over the image exactly however large the image is drawn (the thumbnail, the
 * full view, the editor). The overlay, the editor and the before/after view draw with this.
 */

/** One shape, in a box of `width` × `height`: the PDF's geometry (events/uploads/markup-svg.ts) as React elements. */
export function ShapeSvg({ shape, width, height }: { shape: MarkupShape; width: number; height: number }) {
  switch (shape.kind) {
    case 'arrow': {
      const { line, head, stroke } = arrowGeometry(shape, width, height);
      return (
        <g>
          <line {...line} stroke={shape.color} strokeWidth={stroke} strokeLinecap="round" />
          <polygon points={head.map(([x, y]) => `${x},${y}`).join(' ')} fill={shape.color} />
        </g>
      );
    }
    case 'ellipse':
      return <ellipse cx={shape.cx * width} cy={shape.cy * height} rx={shape.rx * width} ry={shape.ry * height} fill="none" stroke={shape.color} strokeWidth={Math.max(1, shape.width * width)} />;
    case 'freehand':
      return <path d={freehandPath(shape, width, height)} fill={shape.color} />;
    case 'text': {
      const size = Math.max(6, shape.size * width);
      // A halo under the letters (light under dark text, dark under light) keeps the label legible on any photo.
      return (
        <text x={shape.x * width} y={shape.y * height} fontSize={size} fontWeight={700} fontFamily="Helvetica, Arial, sans-serif" fill={shape.color} stroke={isDark(shape.color) ? '#ffffff' : '#000000'} strokeWidth={size / 6} strokeLinejoin="round" paintOrder="stroke">
          {shape.text}
        </text>
      );
    }
  }
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
