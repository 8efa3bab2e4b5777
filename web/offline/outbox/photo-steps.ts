import type { QueryClient } from '@tanstack/react-query';
import type { ChecklistItem } from '../../../contract/projects';
import type { CabinetDetails } from '../../../events/projects/events';
import { callApi } from '../../api/call';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import type { PublishInput } from '../../../events/uploads/photo-rules';
import type { OutboxCommand, PhotoJob } from './command';
import { sendRequest, type SendOutcome } from './send';
import { writeCommand } from './storage';

/**
 * A photo taken offline, uploaded when the network is back, in four steps: ask for a presigned
 * form (requestUpload), POST the file with it, publish it (publishObject), add its path to the
 * item (patchItem, the list merged with whatever others added meanwhile). Each step's result is
 * saved in the command before the next starts, so a failure resumes at the step that failed, and
 * the two writes carry Idempotency-Keys derived from the command's id, so a step repeated after
 * a lost answer is answered once.
 */

/** The form is valid 15 minutes (functions/objects/upload-bucket.ts); one older than this is asked for again. */
const FORM_FRESH_MS = 10 * 60_000;
/** A 10 MB photo on a slow line takes a while. */
const POST_TIMEOUT_MS = 120_000;

export async function sendPhoto(command: OutboxCommand, queryClient: QueryClient, save: (command: OutboxCommand) => void): Promise<SendOutcome> {
  let job = command.photo!;
  const step = async (next: Partial<PhotoJob>) => {
    job = { ...job, ...next };
    const updated = { ...command, photo: job };
    await writeCommand(updated);
    save(updated);
  };

  try {
    if (!job.location) {
      if (!job.form || Date.now() - Date.parse(job.form.asked) > FORM_FRESH_MS) {
        const { uploadURL, fields } = await callApi('requestUpload');
        await step({ form: { uploadURL, fields, asked: new Date().toISOString() } });
      }
      const posted = await postFile(job);
      // A form that expired meanwhile (403): asked for again at the next try.
      if (posted === 'expired') {
        await step({ form: undefined });
        return { kind: 'unsent' };
      }
      await step({ location: `${job.form!.uploadURL}/${job.form!.fields.key}` });
    }
    if (!job.objectPath) {
      const published = await sendRequest(command, { route: 'publishObject', body: publishBody(command, job), key: `${command.id}-publish${job.reposted ? '-again' : ''}` });
      // The upload did not arrive whole (its stored size is not the file's: a POST cut off halfway): the file is
      // still here, so it is posted again, once, and published under a key of its own.
      if (published.kind === 'refused' && !job.reposted && refusedField(published.error) === 'bytes') {
        await step({ form: undefined, location: undefined, reposted: true });
        return { kind: 'unsent' };
      }
      // Cut off (no network, a timeout, a reload before this): publishing is safe to repeat, so it is tried again later.
      // A 5xx is the server's trouble, not the photo's: tried again too. A 4xx is for good: dropped, its reason the toast's
      // (or the dialog's). Never the upload's own address on the item: the server deletes it once published (issue 30).
      if (published.kind === 'refused' && published.error.status >= 500) return { kind: 'unsent' };
      if (published.kind !== 'sent') return published;
      await step({ objectPath: (published.answer as { objectPath: string }).objectPath });
    }
    if (!job.patch) await step({ patch: await addedPath(command, job, queryClient) });
    return await sendRequest(command, { route: 'patchItem', params: command.params, body: job.patch, key: `${command.id}-patch`, baseVersion: command.baseVersion });
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 408 && error.status !== 429) return { kind: 'refused', error };
    return { kind: 'unsent' };
  }
}

/** The field a 400 names first, if any. */
const refusedField = (error: ApiError) => Object.keys((error.body as { fieldErrors?: Record<string, unknown> } | undefined)?.fieldErrors ?? {})[0];

/**
 * PUT /api/objects/acl's body (issue 30): the upload's address, the project, the size the device
 * declares (the server refuses a stored size that differs: a POST cut off halfway), the time the
 * device says it was taken (the file's lastModified, kept with the job) and, when ticked, where.
 */
function publishBody(command: OutboxCommand, job: PhotoJob): PublishInput {
  const evidence = job.evidence;
  const body: PublishInput = {
    objectURL: job.location!,
    visibility: 'public',
    itemId: command.itemId,
    projectId: command.projectId,
    bytes: job.file.size,
    capturedAt: evidence?.capturedAt,
    includeLocation: evidence?.includeLocation ?? false,
    location: evidence?.includeLocation ? evidence.location : undefined,
  };
  return body;
}

/** The form POST: every field of the form, the file's type, then the file. */
async function postFile(job: PhotoJob): Promise<'posted' | 'expired'> {
  const { uploadURL, fields } = job.form!;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('Content-Type', job.file.type || 'image/heic');
  form.append('file', job.file, job.fileName);
  const response = await fetch(uploadURL, { method: 'POST', body: form, signal: AbortSignal.timeout(POST_TIMEOUT_MS) });
  if (response.ok) return 'posted';
  if (response.status === 403) return 'expired';
  if (response.status >= 500) throw new TypeError(`Storage answered ${response.status}`);
  throw new ApiError(response.status, `${response.status}: ${await response.text()}`);
}

/** The patch that adds the photo: its list as the item has it now, with the path added, against that list as base (merged by the server). */
async function addedPath(command: OutboxCommand, job: PhotoJob, queryClient: QueryClient): Promise<Record<string, unknown>> {
  const path = job.objectPath!;
  const item = await currentItem(command, queryClient);
  if ('list' in job.target) {
    const current = item?.referenceImages ?? [];
    return { referenceImages: [...current.filter((entry) => entry !== path), path], base: { referenceImages: current } };
  }
  const key = job.target.cabinetKey as keyof CabinetDetails;
  const current = item?.cabinetDetails ?? null;
  const list = ((current?.[key] as string[] | undefined) ?? []).filter((entry) => entry !== path);
  return { cabinetDetails: { ...current, [key]: [...list, path] }, base: { cabinetDetails: current } };
}

async function currentItem(command: OutboxCommand, queryClient: QueryClient): Promise<ChecklistItem | undefined> {
  const roomId = command.roomId;
  if (!roomId) return undefined;
  const cached = queryClient.getQueryData<ChecklistItem[]>(queryKeys.items(roomId))?.find((item) => item.id === command.itemId);
  if (cached) return cached;
  return (await callApi('listRoomItems', { params: { id: roomId } })).find((item) => item.id === command.itemId);
}
