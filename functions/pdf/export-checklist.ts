import { DomainError } from '../../events/errors';
import { htmlToPdf } from '../adapters/chromium';
import { config } from '../config';
import { itemDto, progressOf, projectDto, roomDto } from '../projects/dto';
import { listItems, listRooms } from '../projects/read';
import type { ProjectSummaryView } from '../projections/project-views';
import { layOutChecklist, type ChecklistDocument } from './checklist-document';
import { renderChecklist } from './checklist-html';
import { inlinePhotos } from './photo-inliner';
import { punchForPdf } from './punch-rows';

/**
 * A project's checklist as a PDF: reads the views (every room's items at once), inlines the
 * uploaded photos it may, renders the HTML and prints it with Chromium. The caller has checked
 * that the person may see the project.
 */

/** Lambda answers at most 6 MB and the PDF travels base64 (4/3 larger): this leaves headroom. */
export const MAX_PDF_BYTES = 4 * 1024 * 1024;

export async function exportChecklistPdf(summary: ProjectSummaryView): Promise<{ filename: string; pdf: Uint8Array }> {
  const rooms = await Promise.all(
    (await listRooms(summary.id)).map(async (room) => ({ room: roomDto(room), items: (await listItems(room.id)).map(itemDto) })),
  );
  // Photos are taken in the order they are printed, so the budget goes to the first pages.
  const printed = layOutChecklist(rooms).flatMap(({ rooms: inGroup }) => inGroup.flatMap(({ sections }) => sections.flatMap(({ items }) => items)));
  const doc: ChecklistDocument = {
    project: projectDto(summary),
    stats: progressOf(summary),
    rooms,
    photos: await inlinePhotos(printed),
    exportedAt: new Date(),
    appUrl: config().appUrl,
    punch: await punchForPdf(summary.id, rooms),
  };
  let pdf = await print(doc);
  if (pdf.byteLength > MAX_PDF_BYTES && doc.photos.dataUrls.size > 0) {
    // Pictures that compress worse than their bytes suggested: the text matters more.
    const leftOut = doc.photos.leftOut + doc.photos.dataUrls.size;
    pdf = await print({ ...doc, photos: { dataUrls: new Map(), leftOut } });
  }
  if (pdf.byteLength > MAX_PDF_BYTES) throw new DomainError('too_large', 'This checklist is too large to export as one PDF.');
  return { filename: `${summary.name}-checklist.pdf`, pdf };
}

async function print(doc: ChecklistDocument): Promise<Uint8Array> {
  const { html, pdf } = renderChecklist(doc);
  return htmlToPdf(html, pdf);
}
