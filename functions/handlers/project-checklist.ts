import { archivedChecklist, archivedMark } from '../archive/archived-reads';
import { itemDto, projectDto, roomDto, statsDto } from '../projects/dto';
import { idParam } from '../projects/params';
import { summaryPreload, visibleSummary } from '../projects/project-access';
import { listChecklist } from '../projects/read';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';
import { punchCountsDto } from '../punch/dto';
import type { ProjectChecklist } from '../../contract/projects';

/** The checklist page's data in one answer: the project, its stats, and every room with its items. */
export const handler = httpHandler(httpRoutes.projectChecklist, { params: idParam, preload: summaryPreload }, async ({ principal, params, preloaded }): Promise<ProjectChecklist> => {
  const summary = visibleSummary(principal, preloaded[0]);
  const { rooms, items } = archivedMark(summary) ? await archivedChecklist(summary) : await listChecklist(params.id);
  return {
    project: projectDto(summary),
    stats: statsDto(summary),
    rooms: rooms.map((room) => ({ ...roomDto(room), items: (items.get(room.id) ?? []).map(itemDto) })),
    punch: punchCountsDto(summary),
  };
});
