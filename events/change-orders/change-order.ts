import { eventGuard, type Actor, type Decider } from '../decider';
import { conflict, DomainError, forbidden, invalid, notFound } from '../errors';
import { documentHashOf, type Sha256 } from './document';
import { changeOrderEvents, changeOrderStreamId, type ChangeOrderDocument, type ChangeOrderEvent, type ChangeOrderTerms } from './events';
import { changeOrderLimits, checkTerms, termFields } from './terms';

/**
 * A change order's rules (issue 30): the contractor drafts, edits while it is a draft, and sends
 * it to the project's assigned client, who signs or declines it once sent. Signed and declined
 * are final: a new change order supersedes one. Who is a member of the project is the caller's
 * check (a client here is the project's assigned client); what the project and its items are
 * named is the caller's too (`shown`), the document is built and hashed here.
 */

export type ChangeOrderStatus = 'draft' | 'sent' | 'signed' | 'declined';

export interface ChangeOrderState extends ChangeOrderTerms {
  readonly exists: boolean;
  readonly changeOrderId: string;
  readonly projectId: string;
  readonly status: ChangeOrderStatus;
  readonly supersedes: string | null;
  /** The client it was last sent to: theirs to answer (a project moved to another client sends it again). */
  readonly sentTo: string | null;
  /** The stream's version after the state's last event: the document names it. */
  readonly version: number;
}

export const initialChangeOrderState: ChangeOrderState = {
  exists: false,
  changeOrderId: '',
  projectId: '',
  status: 'draft',
  supersedes: null,
  sentTo: null,
  version: 0,
  title: '',
  description: '',
  itemIds: [],
  priceChangeCents: 0,
  scheduleDays: 0,
};

/** What the client is shown besides the terms: the project's name and the items' names. */
export interface Shown {
  readonly projectName: string;
  readonly itemNames: Readonly<Record<string, string>>;
}

export type ChangeOrderCommand =
  /**
   * `itemsOfProject`: the caller found every item id among the project's items. `superseded`:
   * the change order named by `supersedes`, as the caller found it in the project (undefined: none).
   */
  | {
      type: 'draft';
      changeOrderId: string;
      projectId: string;
      terms: ChangeOrderTerms;
      itemsOfProject: boolean;
      supersedes: string | null;
      superseded?: { status: ChangeOrderStatus; supersededBy: string | null };
    }
  | { type: 'edit'; terms: Partial<ChangeOrderTerms>; itemsOfProject: boolean }
  | { type: 'send'; at: string; clientId: string | null }
  /** `seen`: the document's hash as the client read it; a different current one refuses the signature. */
  | { type: 'sign'; at: string; fullName: string; consent: boolean; userAgent: string; shown: Shown; sha256: Sha256; seen: string }
  | { type: 'decline'; at: string; reason: string; shown: Shown; sha256: Sha256; seen: string };

export const SIGNED_REFUSES_EDITS = 'This change order was signed and cannot be changed. Make a new change order that supersedes it.';
export const DECLINED_REFUSES_EDITS = 'This change order was declined and cannot be changed. Make a new change order that supersedes it.';
export const SENT_REFUSES_EDITS = 'This change order was sent to the client and cannot be changed any more.';
export const NOT_SENT = 'This change order has not been sent to you yet.';
export const ALREADY_ANSWERED = { signed: 'This change order is already signed.', declined: 'This change order was already declined.' } as const;
export const SENT_TO_ANOTHER = 'This change order was sent to another client. Ask your contractor to send it to you.';
export const NO_CLIENT = 'This project has no assigned client to send the change order to. Share the project with the client first.';
export const CONSENT_REQUIRED = 'Tick the box to agree to this change order';
export const DOCUMENT_CHANGED = 'The change order changed since you opened it. Read it again and then sign.';

/** A signature or decline of a document other than the current one (409, like an approval's selectionHash). */
export class DocumentChanged extends DomainError {
  constructor() {
    super('conflict', DOCUMENT_CHANGED, { documentHash: [DOCUMENT_CHANGED] });
  }
}

/** The document a client is shown now. */
export function documentOf(state: ChangeOrderState, shown: Shown): ChangeOrderDocument {
  return {
    changeOrderId: state.changeOrderId,
    project: { id: state.projectId, name: shown.projectName },
    title: state.title,
    description: state.description,
    items: state.itemIds.map((id) => ({ id, name: shown.itemNames[id] ?? 'Deleted item' })),
    priceChangeCents: state.priceChangeCents,
    scheduleDays: state.scheduleDays,
    version: state.version,
  };
}

const refusalOfEdit = (status: ChangeOrderStatus) =>
  conflict(status === 'signed' ? SIGNED_REFUSES_EDITS : status === 'declined' ? DECLINED_REFUSES_EDITS : SENT_REFUSES_EDITS);

export function decideChangeOrder(command: ChangeOrderCommand, state: ChangeOrderState, actor: Actor): ChangeOrderEvent[] {
  if (command.type === 'draft') {
    if (actor.role !== 'contractor') throw forbidden('Only the contractor can make change orders.');
    if (state.exists) throw conflict('A change order with this id already exists.');
    const terms = checkTerms(command.terms);
    if (!command.itemsOfProject) throw invalid('itemIds', 'must name checklist items of this project');
    if (command.supersedes !== null) {
      if (!command.superseded) throw invalid('supersedes', 'must name a change order of this project');
      if (command.superseded.status !== 'signed' && command.superseded.status !== 'declined') throw invalid('supersedes', 'only a signed or declined change order can be superseded');
      if (command.superseded.supersededBy) throw conflict('That change order was already superseded by another one.');
    }
    return [{ type: 'ChangeOrderDrafted', data: { changeOrderId: command.changeOrderId, projectId: command.projectId, ...terms, supersedes: command.supersedes } }];
  }
  if (!state.exists) throw notFound('Change order');
  switch (command.type) {
    case 'edit': {
      if (actor.role !== 'contractor') throw forbidden('Only the contractor can change a change order.');
      if (state.status !== 'draft') throw refusalOfEdit(state.status);
      const terms = checkTerms({ ...termsOf(state), ...command.terms });
      if (!command.itemsOfProject) throw invalid('itemIds', 'must name checklist items of this project');
      const changed = termFields.filter((field) => JSON.stringify(state[field]) !== JSON.stringify(terms[field]));
      if (!changed.length) return [];
      const pick = (source: ChangeOrderTerms) => Object.fromEntries(changed.map((field) => [field, source[field]])) as Partial<ChangeOrderTerms>;
      return [{ type: 'ChangeOrderEdited', data: { from: pick(state), to: pick(terms) } }];
    }
    case 'send': {
      if (actor.role !== 'contractor') throw forbidden('Only the contractor can send a change order.');
      if (state.status === 'signed' || state.status === 'declined') throw conflict(ALREADY_ANSWERED[state.status]);
      if (!command.clientId) throw conflict(NO_CLIENT);
      return [{ type: 'ChangeOrderSent', data: { sentAt: command.at, clientId: command.clientId } }];
    }
    case 'sign': {
      if (actor.role !== 'client') throw forbidden('Only the client can sign a change order.');
      answerable(state, actor);
      const fullName = command.fullName.trim();
      if (!fullName) throw invalid('fullName', 'Type your full name');
      if (fullName.length > changeOrderLimits.fullName) throw invalid('fullName', `must be at most ${changeOrderLimits.fullName} characters`);
      if (command.consent !== true) throw invalid('consent', CONSENT_REQUIRED);
      const { document, documentHash } = seenDocument(state, command);
      const userAgent = command.userAgent.slice(0, changeOrderLimits.userAgent);
      return [{ type: 'ChangeOrderSigned', data: { signedAt: command.at, signedBy: actor.userId, fullName, userAgent, documentHash, document } }];
    }
    case 'decline': {
      if (actor.role !== 'client') throw forbidden('Only the client can decline a change order.');
      answerable(state, actor);
      const reason = command.reason.trim();
      if (!reason) throw invalid('reason', 'Reason is required');
      if (reason.length > changeOrderLimits.reason) throw invalid('reason', `must be at most ${changeOrderLimits.reason} characters`);
      const { documentHash } = seenDocument(state, command);
      return [{ type: 'ChangeOrderDeclined', data: { declinedAt: command.at, declinedBy: actor.userId, reason, documentHash } }];
    }
  }
}

/** Only a sent change order is the client's to answer, once, and only the client it was sent to. */
function answerable(state: ChangeOrderState, actor: Actor): void {
  if (state.status === 'draft') throw conflict(NOT_SENT);
  if (state.status === 'signed' || state.status === 'declined') throw conflict(ALREADY_ANSWERED[state.status]);
  if (state.sentTo !== actor.userId) throw conflict(SENT_TO_ANOTHER);
}

function seenDocument(state: ChangeOrderState, command: { shown: Shown; sha256: Sha256; seen: string }) {
  const document = documentOf(state, command.shown);
  const documentHash = documentHashOf(document, command.sha256);
  if (documentHash !== command.seen) throw new DocumentChanged();
  return { document, documentHash };
}

export const termsOf = (state: ChangeOrderTerms): ChangeOrderTerms => ({
  title: state.title,
  description: state.description,
  itemIds: [...state.itemIds],
  priceChangeCents: state.priceChangeCents,
  scheduleDays: state.scheduleDays,
});

export function evolveChangeOrder(state: ChangeOrderState, event: ChangeOrderEvent): ChangeOrderState {
  const version = state.version + 1;
  switch (event.type) {
    case 'ChangeOrderDrafted': {
      const { changeOrderId, projectId, supersedes, ...terms } = event.data;
      return { ...initialChangeOrderState, ...terms, changeOrderId, projectId, supersedes, exists: true, version };
    }
    case 'ChangeOrderEdited':
      return { ...state, ...event.data.to, version };
    case 'ChangeOrderSent':
      return { ...state, status: 'sent', sentTo: event.data.clientId, version };
    case 'ChangeOrderSigned':
      return { ...state, status: 'signed', version };
    case 'ChangeOrderDeclined':
      return { ...state, status: 'declined', version };
  }
}

/** The change order aggregate, as the command runner and the projections use it. */
export const changeOrderDecider: Decider<ChangeOrderCommand, ChangeOrderState, ChangeOrderEvent> = {
  streamId: changeOrderStreamId,
  initialState: initialChangeOrderState,
  decide: decideChangeOrder,
  evolve: evolveChangeOrder,
  owns: eventGuard<ChangeOrderEvent>(changeOrderEvents),
  // Plain JSON, no personal value (the signer's typed name stays in its sealed event).
  snapshot: { schema: 2 },
};
