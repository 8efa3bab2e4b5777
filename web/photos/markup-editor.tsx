import { Undo2 } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { markupLimits, type Markup, type MarkupShape } from '../../events/uploads/markup';
import { serverMessage } from '../api/errors';
import { buttonClass } from '../components/button';
import { inputClass } from '../components/input';
import { toast } from '../components/toast';
import type { PhotoLayersBase, PhotoLayersPatch } from './item-photos';
import { ShapeSvg } from './markup-shapes';

/**
 * The markup editor (issue 30), fetched when Mark up is first pressed: the full photo with the
 * shapes drawn over it as SVG. Tools Arrow, Circle, Freehand and Text, a few colours, Undo, Clear;
 * Save keeps the markup on the item (PATCH through the outbox: it works offline), Cancel leaves it
 * as it was, Remove markup takes it off. Drawn with pointer events (a finger on a phone, a mouse
 * or pen on a desktop); points are fractions of the photo, so the markup fits it at any size. The
 * photo itself never changes.
 */

type Tool = 'arrow' | 'ellipse' | 'freehand' | 'text';
const tools: readonly { tool: Tool; name: string }[] = [
  { tool: 'arrow', name: 'Arrow' },
  { tool: 'ellipse', name: 'Circle' },
  { tool: 'freehand', name: 'Freehand' },
  { tool: 'text', name: 'Text' },
];
const colours = [
  { color: '#ef4444', name: 'Red' },
  { color: '#facc15', name: 'Yellow' },
  { color: '#2563eb', name: 'Blue' },
  { color: '#ffffff', name: 'White' },
  { color: '#111827', name: 'Black' },
] as const;

/** Strokes and letters as fractions of the photo's width: visible on a phone's photo of any size. */
const STROKE = 0.008;
const TEXT_SIZE = 0.045;
/** A press that hardly moved draws nothing (a tap on the photo while choosing). */
const MIN_DRAG = 0.01;

const clamp = (value: number) => Math.min(1, Math.max(0, value));
const round = (value: number) => Math.round(value * 10_000) / 10_000;

interface Draft {
  readonly x: number;
  readonly y: number;
  readonly shape: MarkupShape | null;
}

export default function MarkupEditor({
  src,
  alt,
  saved,
  save,
  onDone,
}: {
  src: string;
  alt: string;
  saved: Markup | undefined;
  save: (patch: PhotoLayersPatch, base?: PhotoLayersBase) => Promise<unknown>;
  onDone: () => void;
}) {
  const id = useId();
  const [shapes, setShapes] = useState<readonly MarkupShape[]>(saved?.shapes ?? []);
  // Undo steps back through every change, Clear included.
  const [past, setPast] = useState<readonly (readonly MarkupShape[])[]>([]);
  const [tool, setTool] = useState<Tool>('arrow');
  const [color, setColor] = useState<string>(colours[0].color);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [label, setLabel] = useState<{ x: number; y: number } | null>(null);
  const [words, setWords] = useState('');
  const [saving, setSaving] = useState(false);
  const surface = useRef<SVGSVGElement>(null);
  const wordsRef = useRef<HTMLInputElement>(null);

  const change = (next: readonly MarkupShape[]) => {
    setPast((steps) => [...steps, shapes]);
    setShapes(next.slice(0, markupLimits.shapes));
  };
  const add = (shape: MarkupShape) => change([...shapes, shape]);
  const undo = () => {
    setShapes(past.at(-1) ?? []);
    setPast(past.slice(0, -1));
  };

  const pointAt = (event: PointerEvent<SVGSVGElement>) => {
    const box = surface.current!.getBoundingClientRect();
    return { x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) };
  };

  const shapeFrom = (from: { x: number; y: number }, to: { x: number; y: number }, points?: readonly (readonly [number, number])[]): MarkupShape | null => {
    switch (tool) {
      case 'arrow':
        return { kind: 'arrow', x1: round(from.x), y1: round(from.y), x2: round(to.x), y2: round(to.y), color, width: STROKE };
      case 'ellipse':
        return { kind: 'ellipse', cx: round((from.x + to.x) / 2), cy: round((from.y + to.y) / 2), rx: round(Math.abs(to.x - from.x) / 2), ry: round(Math.abs(to.y - from.y) / 2), color, width: STROKE };
      case 'freehand':
        return { kind: 'freehand', points: (points ?? [[round(from.x), round(from.y)]]).map(([x, y]) => [x, y] as [number, number]), color, width: STROKE };
      case 'text':
        return null;
    }
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    const at = pointAt(event);
    if (tool === 'text') {
      askWords(at);
      return;
    }
    event.currentTarget.setPointerCapture(event.pointerId);
    setDraft({ ...at, shape: shapeFrom(at, at) });
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!draft) return;
    const at = pointAt(event);
    if (tool === 'freehand' && draft.shape?.kind === 'freehand') {
      if (draft.shape.points.length >= markupLimits.points) return;
      setDraft({ ...draft, shape: { ...draft.shape, points: [...draft.shape.points, [round(at.x), round(at.y)]] } });
    } else setDraft({ ...draft, shape: shapeFrom(draft, at) });
  };
  const onPointerUp = (event: PointerEvent<SVGSVGElement>) => {
    if (!draft) return;
    const at = pointAt(event);
    const moved = Math.hypot(at.x - draft.x, at.y - draft.y) >= MIN_DRAG;
    if (draft.shape && (moved || draft.shape.kind === 'freehand')) add(draft.shape);
    setDraft(null);
  };

  const askWords = (at: { x: number; y: number }) => {
    setLabel(at);
    setWords('');
    requestAnimationFrame(() => wordsRef.current?.focus());
  };
  const addLabel = () => {
    const text = words.trim().slice(0, markupLimits.text);
    if (label && text) add({ kind: 'text', x: round(label.x), y: round(label.y), text, color, size: TEXT_SIZE });
    setLabel(null);
    surface.current?.focus();
  };

  /** The keyboard's way to draw: Enter (or Space) puts the chosen tool's shape in the middle of the photo. */
  const onSurfaceKey = (event: KeyboardEvent<SVGSVGElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    if (tool === 'text') askWords({ x: 0.5, y: 0.5 });
    else if (tool === 'arrow') add(shapeFrom({ x: 0.25, y: 0.25 }, { x: 0.48, y: 0.48 })!);
    else if (tool === 'ellipse') add(shapeFrom({ x: 0.4, y: 0.4 }, { x: 0.6, y: 0.6 })!);
    else add(shapeFrom({ x: 0.4, y: 0.5 }, { x: 0.6, y: 0.5 }, [[0.4, 0.5], [0.45, 0.47], [0.5, 0.5], [0.55, 0.53], [0.6, 0.5]])!);
  };

  const store = async (markup: Markup | null) => {
    setSaving(true);
    try {
      await save({ photoMarkup: { objectPath: src, markup } }, { photoMarkup: saved ?? null });
      onDone();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'The markup was not saved. Please try again.') });
      setSaving(false);
    }
  };

  const toolbarButton = (pressed: boolean) =>
    `inline-flex min-h-11 items-center gap-1.5 rounded-md border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 sm:min-h-9 ${
      pressed ? 'border-blue-600 bg-blue-50 text-blue-800 dark:bg-blue-950 dark:text-blue-200' : 'border-gray-300 bg-white text-gray-900 hover:bg-gray-100 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800'
    }`;
  const all = draft?.shape ? [...shapes, draft.shape] : shapes;

  return (
    <div className="grid gap-3">
      <div role="toolbar" aria-label="Markup tools" className="flex flex-wrap items-center gap-1.5">
        {tools.map((entry) => (
          <button key={entry.tool} type="button" aria-pressed={tool === entry.tool} onClick={() => setTool(entry.tool)} className={toolbarButton(tool === entry.tool)}>
            {entry.name}
          </button>
        ))}
        <span className="mx-1 hidden h-6 w-px bg-gray-300 sm:block dark:bg-gray-700" aria-hidden="true" />
        {colours.map((entry) => (
          <button key={entry.color} type="button" aria-label={entry.name} title={entry.name} aria-pressed={color === entry.color} onClick={() => setColor(entry.color)} className={`${toolbarButton(color === entry.color)} px-2`}>
            <span aria-hidden="true" className="size-5 rounded-full border border-gray-400" style={{ backgroundColor: entry.color }} />
          </button>
        ))}
        <span className="mx-1 hidden h-6 w-px bg-gray-300 sm:block dark:bg-gray-700" aria-hidden="true" />
        <button type="button" onClick={undo} disabled={past.length === 0} className={`${toolbarButton(false)} disabled:opacity-50`}>
          <Undo2 aria-hidden="true" className="size-4" />
          Undo
        </button>
        <button type="button" onClick={() => change([])} disabled={shapes.length === 0} className={`${toolbarButton(false)} disabled:opacity-50`}>
          Clear
        </button>
      </div>

      <p id={`${id}-how`} className="text-xs text-gray-600 dark:text-gray-400">
        Drag on the photo to draw with the chosen tool; with Text, tap where the label goes. With a keyboard, press Enter on the photo to add the chosen shape in its middle.
      </p>
      <div className="relative mx-auto inline-block max-w-full touch-none select-none">
        <img src={src} alt={alt} decoding="async" draggable={false} onLoad={(event) => setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })} className="block max-h-[55vh] w-auto max-w-full rounded-md" />
        {size && (
          <svg
            ref={surface}
            role="application"
            aria-label={`Drawing surface over ${alt}: ${shapes.length} ${shapes.length === 1 ? 'shape' : 'shapes'}`}
            aria-describedby={`${id}-how`}
            tabIndex={0}
            viewBox={`0 0 ${size.width} ${size.height}`}
            preserveAspectRatio="none"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => setDraft(null)}
            onKeyDown={onSurfaceKey}
            data-testid="markup-surface"
            className={`absolute inset-0 size-full rounded-md focus-visible:outline-3 focus-visible:outline-blue-600 ${tool === 'text' ? 'cursor-text' : 'cursor-crosshair'}`}
          >
            {all.map((shape, index) => (
              <ShapeSvg key={index} shape={shape} width={size.width} height={size.height} />
            ))}
          </svg>
        )}
      </div>

      {label && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            addLabel();
          }}
        >
          <div className="grid min-w-0 flex-1 gap-1">
            <label htmlFor={`${id}-words`} className="text-sm font-medium">
              Label text
            </label>
            <input id={`${id}-words`} ref={wordsRef} value={words} maxLength={markupLimits.text} onChange={(event) => setWords(event.target.value)} className={inputClass} />
          </div>
          <button type="submit" disabled={!words.trim()} className={buttonClass.primary}>
            Add label
          </button>
          <button type="button" onClick={() => setLabel(null)} className={buttonClass.secondary}>
            Cancel label
          </button>
        </form>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {saved && (
          <button type="button" disabled={saving} onClick={() => void store(null)} className={`${buttonClass.secondary} sm:mr-auto`}>
            Remove markup
          </button>
        )}
        <button type="button" disabled={saving} onClick={onDone} className={buttonClass.secondary}>
          Cancel
        </button>
        <button type="button" disabled={saving} aria-busy={saving} onClick={() => void store(shapes.length ? { shapes: [...shapes] } : null)} className={buttonClass.primary}>
          Save
        </button>
      </div>
    </div>
  );
}
