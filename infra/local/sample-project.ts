import type { ChatMessage } from '../../contract/chat';
import type { ChecklistItem, Project, ProjectChecklist } from '../../contract/projects';
import type { RoomType } from '../../events/projects/model';
import type { UploadAnswer } from '../../events/uploads/photo-rules';
import type { DemoApi } from './demo-api';
import { subwayTilePng } from './sample-photo';

/**
 * The sample project `npm start` makes, so that a newcomer's first look shows the product at
 * work: a renovation in progress of the demo contractor's, assigned to the demo client, with
 * items Selected, Purchased and Installed (one room finished), details, a reference link, a
 * photo, and a short chat between the two. Every step is a request a person could have made
 * (the contractor sets Selected and Purchased, the client Installed), so the project's history
 * tells the same story.
 */

export const sampleProject = {
  name: 'Maple Street Kitchen & Bath',
  address: '42 Maple Street, Springfield',
  clientName: 'Chris Client',
  clientEmail: 'demo.client@example.com',
  clientPhone: '555-0142',
  status: 'active',
  contractorNotes: 'Kitchen and main bath remodel; refinish floors throughout. Key in the lock box by the side door.',
  startDate: '2026-10-05',
} as const;

const lockBoxCode = '4821';

interface ItemPlan {
  readonly room: RoomType;
  readonly item: string;
  readonly selected?: true;
  readonly purchased?: true;
  readonly installed?: true;
  readonly details?: string;
  readonly cabinetDetails?: Record<string, string | boolean>;
  readonly link?: string;
  readonly photo?: true;
}

const done = { selected: true, purchased: true, installed: true } as const;

/** What has happened on the job so far (rooms by type: the template has one of each). */
const plan: readonly ItemPlan[] = [
  { room: 'whole_home', item: 'Wall Paint Color', ...done, details: "Benjamin Moore 'Swiss Coffee' OC-45, eggshell" },
  { room: 'whole_home', item: 'Trim Paint Color', selected: true, purchased: true, details: "Benjamin Moore 'Chantilly Lace' OC-65, semi-gloss" },
  { room: 'whole_home', item: 'Baseboard and Casing Style', selected: true, details: '5¼" colonial baseboard, 3½" flat casing' },
  { room: 'kitchen', item: 'Kitchen Cabinets', selected: true, purchased: true, cabinetDetails: { style: 'Shaker, full overlay', wood: 'Maple', color: "'White Dove' paint", pulls: '5" brushed brass bar pulls', styleCompleted: true, woodCompleted: true, colorCompleted: true, pullsCompleted: false, totalPulls: '24' } },
  { room: 'kitchen', item: 'Countertops', selected: true, purchased: true, details: 'Quartz, Calacatta look, 3 cm, eased edge. Template after the cabinets are set.', link: 'https://www.example.com/catalog/quartz-calacatta-3cm' },
  { room: 'kitchen', item: 'Backsplash', selected: true, details: JSON.stringify({ tile: '3×12 white ceramic subway, running bond', grout: 'Warm gray, 1/16" joints' }), photo: true },
  { room: 'kitchen', item: 'Kitchen Sink', ...done, details: '33" single-bowl stainless undermount' },
  { room: 'kitchen', item: 'Kitchen Faucet', ...done, details: 'Pull-down, brushed brass to match the pulls' },
  { room: 'living_room', item: 'Hardwood Flooring', ...done, details: 'White oak, 5" planks, natural matte finish' },
  { room: 'living_room', item: 'Ceiling Fan', selected: true },
  { room: 'dining_room', item: 'Wall Paint Color', ...done, details: "Benjamin Moore 'Swiss Coffee' OC-45, eggshell" },
  { room: 'dining_room', item: 'Wainscoting', ...done, details: 'Board and batten, 42" high, painted trim white' },
  { room: 'dining_room', item: 'Chandelier', ...done },
  { room: 'bathroom', item: 'Shower Tile', selected: true, purchased: true, details: '12×24 porcelain, light gray, 1/3 offset; niche at 48"' },
  { room: 'bathroom', item: 'Toilet', ...done },
  { room: 'bathroom', item: 'Vanity', selected: true, details: '36" floating vanity, white oak' },
  { room: 'bedroom', item: 'Wall Paint Color', selected: true, details: "Sherwin-Williams 'Sea Salt' SW 6204, flat" },
];

const chat: readonly { readonly from: 'contractor' | 'client'; readonly message: string }[] = [
  { from: 'contractor', message: 'Hi Chris, the kitchen sink and faucet are in, and the dining room is finished. Have a look when you are by.' },
  { from: 'client', message: 'It looks great! I ticked them off as installed. Is the backsplash tile on order?' },
  { from: 'contractor', message: 'Ordered today: white subway tile with warm gray grout. I added a photo of the sample to the Backsplash item.' },
  { from: 'client', message: 'Perfect, thank you. See you Thursday.' },
];

/** Makes the sample project unless the demo contractor has a project already; answers its id (undefined when they have others but not it). */
export async function seedSampleProject(people: { contractor: DemoApi; client: DemoApi }): Promise<{ id: string; made: boolean } | undefined> {
  const { contractor, client } = people;
  const existing = (await contractor.call<Project[]>('GET', '/api/projects')).answer;
  if (existing.length) {
    const sample = existing.find((project) => project.name === sampleProject.name);
    return sample && { id: sample.id, made: false };
  }

  const project = (await contractor.call<Project>('POST', '/api/projects', sampleProject)).answer;
  await contractor.call('PATCH', `/api/projects/${project.id}`, { lockBoxCode });
  const { rooms } = (await contractor.call<ProjectChecklist>('GET', `/api/projects/${project.id}/checklist`)).answer;
  const itemOf = (step: ItemPlan): ChecklistItem => {
    const item = rooms.find((room) => room.type === step.room)?.items.find((candidate) => candidate.name === step.item);
    if (!item) throw new Error(`Seeding the sample project: the template has no '${step.item}' in a ${step.room} room`);
    return item;
  };

  for (const step of plan) {
    const item = itemOf(step);
    const path = `/api/checklist-items/${item.id}`;
    const contractorChange = {
      ...(step.selected && { contractorCompleted: true }),
      ...(step.purchased && { purchasesMade: true }),
      ...(step.details && { details: step.details }),
      ...(step.cabinetDetails && { cabinetDetails: { ...item.cabinetDetails, ...step.cabinetDetails } }),
      ...(step.link && { referenceLinks: [step.link] }),
    };
    if (Object.keys(contractorChange).length) await contractor.call('PATCH', path, contractorChange);
    if (step.photo) await contractor.call('PATCH', path, { referenceImages: [await uploadPhoto(contractor, item.id)] });
    if (step.installed) await client.call('PATCH', path, { clientCompleted: true });
  }

  for (const [index, line] of chat.entries()) {
    const sender = line.from === 'contractor' ? contractor : client;
    // Each reads what came before answering; the client's last message is left for the contractor to read.
    if (index > 0) await sender.call('PUT', `/api/chat/${project.id}/mark-all-read`, line.from === 'contractor' ? { userType: 'contractor', readByContractor: true } : { userType: 'client', readByClient: true });
    await sender.call<ChatMessage>('POST', '/api/chat', { projectId: project.id, message: line.message, messageType: 'chat' });
  }
  return { id: project.id, made: true };
}

/** The photo as the app's Add Photo dialog publishes one: a presigned form POST to the local S3, then publishing it for the item. */
async function uploadPhoto(contractor: DemoApi, itemId: string): Promise<string> {
  const { uploadURL, fields } = (await contractor.call<UploadAnswer>('POST', '/api/objects/upload')).answer;
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...fields, 'Content-Type': 'image/png' })) form.set(name, value);
  form.set('file', new Blob([new Uint8Array(subwayTilePng())], { type: 'image/png' }));
  const posted = await fetch(uploadURL, { method: 'POST', body: form });
  if (!posted.ok) throw new Error(`Seeding the sample project: the photo upload answered ${posted.status}`);
  const objectURL = `${uploadURL.replace(/\/+$/, '')}/${fields.key}`;
  return (await contractor.call<{ objectPath: string }>('PUT', '/api/objects/acl', { objectURL, visibility: 'public', itemId })).answer.objectPath;
}
