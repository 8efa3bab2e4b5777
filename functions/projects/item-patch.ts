import { apiFlagField, flagsInOrder } from '../../contract/flags';
import type { ItemPatchInput } from '../../contract/project-inputs';
import { listFields } from '../../events/projects/events';
import type { ItemCommand } from '../../events/projects/item';

/**
 * A PATCH (or PUT) of an item as commands, decided in turn as one change: flags, details, cabinet
 * details, lists, budget, schedule, photo markup and pairs (issue 30). With a `base` (field mode, issue 29), its texts are checked
 * against it first (a stale one refuses the whole change), and cabinet details and lists merge
 * into the current ones (events/projects/edit-base.ts).
 */
export function itemPatchCommands(patch: ItemPatchInput): ItemCommand[] {
  const commands: ItemCommand[] = [];
  const { base } = patch;
  if (base && ((patch.details !== undefined && base.details !== undefined) || (patch.cabinetDetails !== undefined && base.cabinetDetails !== undefined))) {
    commands.push({ type: 'checkBase', edits: { details: patch.details, cabinetDetails: patch.cabinetDetails }, base });
  }
  for (const flag of flagsInOrder) {
    const value = patch[apiFlagField[flag]];
    if (value !== undefined) commands.push({ type: 'setFlag', flag, value });
  }
  if (patch.details !== undefined) commands.push({ type: 'editDetails', details: patch.details });
  if (patch.cabinetDetails !== undefined) {
    commands.push({ type: 'editCabinetDetails', cabinetDetails: patch.cabinetDetails, ...(base?.cabinetDetails !== undefined ? { base: base.cabinetDetails } : {}) });
  }
  for (const field of listFields) {
    const values = patch[field];
    if (values !== undefined) commands.push({ type: 'setList', field, values, ...(base?.[field] !== undefined ? { base: base[field] } : {}) });
  }
  if (patch.allowance !== undefined) commands.push({ type: 'setBudget', field: 'allowance', value: patch.allowance });
  if (patch.cost !== undefined) commands.push({ type: 'setBudget', field: 'cost', value: patch.cost });
  if (patch.decideBy !== undefined) commands.push({ type: 'setSchedule', field: 'decideBy', value: patch.decideBy });
  if (patch.leadTimeDays !== undefined) commands.push({ type: 'setSchedule', field: 'leadTimeDays', value: patch.leadTimeDays });
  // After the lists: a photo added by this very change may be marked up or paired in it.
  if (patch.photoMarkup !== undefined) {
    const { objectPath, markup } = patch.photoMarkup;
    commands.push({ type: 'setPhotoMarkup', objectPath, markup, ...(base?.photoMarkup !== undefined ? { base: base.photoMarkup } : {}) });
  }
  if (patch.photoPairs !== undefined) commands.push({ type: 'setPhotoPairs', pairs: patch.photoPairs });
  return commands;
}
