import * as z from 'zod/mini';

/**
 * A photo's markup (issue 30): shapes drawn over the photo, kept as data in an event, apart from
 * the photo (whose bytes never change). Coordinates are fractions of the photo's width and height
 * (0 top-left, 1 bottom-right), so the same markup fits the thumbnail, the full image and the PDF.
 * Shared by the API (validation), the web app (the editor and the overlay) and the PDF.
 */

export const markupLimits = { shapes: 200, points: 2000, text: 200 } as const;

const fraction = (name: string) => z.number(`${name} must be a number`).check(z.gte(0, `${name} must be between 0 and 1`), z.lte(1, `${name} must be between 0 and 1`));
/** A colour as #rrggbb. */
const colour = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'color must be #rrggbb'));
/** Stroke width (and text size) as a fraction of the photo's width. */
const width = z.number().check(z.gt(0, 'width must be above 0'), z.lte(0.2, 'width must be at most 0.2'));

export const markupShape = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('arrow'), x1: fraction('x1'), y1: fraction('y1'), x2: fraction('x2'), y2: fraction('y2'), color: colour, width }),
  z.strictObject({ kind: z.literal('ellipse'), cx: fraction('cx'), cy: fraction('cy'), rx: fraction('rx'), ry: fraction('ry'), color: colour, width }),
  z.strictObject({
    kind: z.literal('freehand'),
    points: z.array(z.tuple([fraction('x'), fraction('y')])).check(z.minLength(1, 'points must not be empty'), z.maxLength(markupLimits.points, `at most ${markupLimits.points} points`)),
    color: colour,
    width,
  }),
  z.strictObject({
    kind: z.literal('text'),
    x: fraction('x'),
    y: fraction('y'),
    text: z.string().check(z.minLength(1, 'text is required'), z.maxLength(markupLimits.text, `must be at most ${markupLimits.text} characters`)),
    color: colour,
    /** The text's height as a fraction of the photo's width. */
    size: width,
  }),
]);
export type MarkupShape = z.infer<typeof markupShape>;

export const markupSchema = z.strictObject({
  shapes: z.array(markupShape).check(z.maxLength(markupLimits.shapes, `at most ${markupLimits.shapes} shapes`)),
});
export type Markup = z.infer<typeof markupSchema>;

/**
 * Before / after (issue 30): a photo paired with a later one of the same spot, shown side by
 * side. Both are photo paths of the item; an item holds at most `photoPairs` pairs.
 */
export const photoPairLimits = { pairs: 50 } as const;
const photoPath = (name: string) => z.string(`${name} must be a photo path`).check(z.minLength(1, `${name} must be a photo path`), z.maxLength(1024, `${name} must be at most 1024 characters`));
export const photoPairSchema = z.strictObject({ before: photoPath('before'), after: photoPath('after') });
export type PhotoPair = z.infer<typeof photoPairSchema>;
export const photoPairsSchema = z.array(photoPairSchema).check(z.maxLength(photoPairLimits.pairs, `at most ${photoPairLimits.pairs} pairs`));
