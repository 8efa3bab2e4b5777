import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decideInTurn, type Actor } from '../decider';
import {
  changeOrderDecider,
  CONSENT_REQUIRED,
  decideChangeOrder,
  documentOf,
  initialChangeOrderState,
  NO_CLIENT,
  NOT_SENT,
  SIGNED_REFUSES_EDITS,
  type ChangeOrderCommand,
  type ChangeOrderState,
} from './change-order';
import { canonicalDocument, documentHashOf } from './document';

const contractor: Actor = { userId: 'c1', role: 'contractor' };
const client: Actor = { userId: 'k1', role: 'client' };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const shown = { projectName: 'Maple House', itemNames: { i1: 'Kitchen faucet' } };
const terms = { title: 'Different faucet', description: 'Brushed brass instead of chrome', itemIds: ['i1'], priceChangeCents: 34000, scheduleDays: 5 };

const draft: ChangeOrderCommand = { type: 'draft', changeOrderId: 'co1', projectId: 'p1', terms, itemsOfProject: true, supersedes: null };
const send: ChangeOrderCommand = { type: 'send', at: '2026-11-27T01:00:00Z', clientId: 'k1' };

const run = (commands: ChangeOrderCommand[], actor: Actor, state: ChangeOrderState = initialChangeOrderState) => decideInTurn(changeOrderDecider, commands, state, actor).state;
const hashOf = (state: ChangeOrderState) => documentHashOf(documentOf(state, shown), sha256);
const sign = (state: ChangeOrderState, overrides: Partial<Extract<ChangeOrderCommand, { type: 'sign' }>> = {}): ChangeOrderCommand => ({
  type: 'sign',
  at: '2026-11-27T02:00:00Z',
  fullName: ' Jane Client ',
  consent: true,
  userAgent: 'Mozilla/5.0 (iPhone)',
  shown,
  sha256,
  seen: hashOf(state),
  ...overrides,
});

describe('change order', () => {
  it('given nothing, when the contractor drafts one, then it is a draft with its terms', () => {
    const state = run([draft], contractor);
    expect(state).toMatchObject({ exists: true, status: 'draft', version: 1, ...terms });
  });

  it('given nothing, when a client drafts one, then it is refused', () => {
    expect(() => decideChangeOrder(draft, initialChangeOrderState, client)).toThrow('Only the contractor can make change orders.');
  });

  it('given terms out of bounds, when drafted, then each is refused naming its field', () => {
    const refusal = (changes: object) => () => decideChangeOrder({ ...draft, terms: { ...terms, ...changes } } as ChangeOrderCommand, initialChangeOrderState, contractor);
    expect(refusal({ title: '  ' })).toThrow('title: Title is required');
    expect(refusal({ title: 'x'.repeat(201) })).toThrow('title: must be at most 200 characters');
    expect(refusal({ title: 'a\nb' })).toThrow('title: must not contain line breaks');
    expect(refusal({ description: 'x'.repeat(5001) })).toThrow('description:');
    expect(refusal({ priceChangeCents: 100_000_001 })).toThrow('priceChangeCents:');
    expect(refusal({ priceChangeCents: 1.5 })).toThrow('priceChangeCents:');
    expect(refusal({ scheduleDays: -366 })).toThrow('scheduleDays:');
    expect(refusal({ itemIds: Array.from({ length: 51 }, (_, i) => `i${i}`) })).toThrow('itemIds: must name at most 50 items');
    expect(() => decideChangeOrder({ ...draft, itemsOfProject: false }, initialChangeOrderState, contractor)).toThrow('itemIds: must name checklist items of this project');
  });

  it('given a draft, when edited, then only the changed terms are recorded', () => {
    const state = run([draft], contractor);
    expect(decideChangeOrder({ type: 'edit', terms: { priceChangeCents: 30000, title: 'Different faucet' }, itemsOfProject: true }, state, contractor)).toEqual([
      { type: 'ChangeOrderEdited', data: { from: { priceChangeCents: 34000 }, to: { priceChangeCents: 30000 } } },
    ]);
    expect(decideChangeOrder({ type: 'edit', terms: { title: 'Different faucet' }, itemsOfProject: true }, state, contractor)).toEqual([]);
  });

  it('given no assigned client, when sent, then it is refused with a clear message', () => {
    expect(() => decideChangeOrder({ ...send, clientId: null } as ChangeOrderCommand, run([draft], contractor), contractor)).toThrow(NO_CLIENT);
  });

  it('given a draft, when the client signs it, then it is refused: not sent yet', () => {
    const state = run([draft], contractor);
    expect(() => decideChangeOrder(sign(state), state, client)).toThrow(NOT_SENT);
  });

  it('given a sent one, when the client signs the document they read, then the event records signer, time, agent, document and its hash', () => {
    const sent = run([draft, send], contractor);
    const [event] = decideChangeOrder(sign(sent), sent, client);
    const document = documentOf(sent, shown);
    expect(document).toEqual({
      changeOrderId: 'co1',
      project: { id: 'p1', name: 'Maple House' },
      title: 'Different faucet',
      description: 'Brushed brass instead of chrome',
      items: [{ id: 'i1', name: 'Kitchen faucet' }],
      priceChangeCents: 34000,
      scheduleDays: 5,
      version: 2,
    });
    expect(event).toEqual({
      type: 'ChangeOrderSigned',
      data: { signedAt: '2026-11-27T02:00:00Z', signedBy: 'k1', fullName: 'Jane Client', userAgent: 'Mozilla/5.0 (iPhone)', document, documentHash: sha256(canonicalDocument(document)) },
    });
  });

  it('given one sent to a client before the project moved to another, when the new client signs, then it is refused until it is sent to them', () => {
    const sent = run([draft, send], contractor);
    const newClient: Actor = { userId: 'k2', role: 'client' };
    expect(() => decideChangeOrder(sign(sent), sent, newClient)).toThrow('This change order was sent to another client. Ask your contractor to send it to you.');
    const resent = run([{ ...send, clientId: 'k2' } as ChangeOrderCommand], contractor, sent);
    expect(decideChangeOrder(sign(resent), resent, newClient)).toHaveLength(1);
  });

  it('given a sent one, when signed without consent or name, then it is refused naming the field', () => {
    const sent = run([draft, send], contractor);
    expect(() => decideChangeOrder(sign(sent, { consent: false }), sent, client)).toThrow(`consent: ${CONSENT_REQUIRED}`);
    expect(() => decideChangeOrder(sign(sent, { fullName: ' ' }), sent, client)).toThrow('fullName: Type your full name');
  });

  it('given a sent one, when signed with the hash of another version, then it is refused 409 naming documentHash', () => {
    const sent = run([draft, send], contractor);
    expect(() => decideChangeOrder(sign(sent, { seen: 'f'.repeat(64) }), sent, client)).toThrow(expect.objectContaining({ kind: 'conflict', fieldErrors: { documentHash: [expect.any(String)] } }));
    // An item renamed since the client read it changes the document too.
    expect(() => decideChangeOrder(sign(sent, { shown: { ...shown, itemNames: { i1: 'Bathroom faucet' } } }), sent, client)).toThrow(expect.objectContaining({ kind: 'conflict' }));
  });

  it('given a signed one, when the contractor edits it, then it is refused with a clear message; signing again is refused', () => {
    const sent = run([draft, send], contractor);
    const signed = run([sign(sent)], client, sent);
    expect(signed.status).toBe('signed');
    expect(() => decideChangeOrder({ type: 'edit', terms: { title: 'Cheaper' }, itemsOfProject: true }, signed, contractor)).toThrow(SIGNED_REFUSES_EDITS);
    expect(() => decideChangeOrder(sign(signed), signed, client)).toThrow('This change order is already signed.');
    expect(() => decideChangeOrder({ type: 'decline', at: 'x', reason: 'No', shown, sha256, seen: hashOf(signed) }, signed, client)).toThrow('already signed');
  });

  it('given a sent one, when the client declines it with a reason, then it is declined; a blank reason is refused', () => {
    const sent = run([draft, send], contractor);
    const decline = { type: 'decline', at: '2026-11-27T02:00:00Z', reason: 'Too dear', shown, sha256, seen: hashOf(sent) } as const;
    expect(() => decideChangeOrder({ ...decline, reason: '  ' }, sent, client)).toThrow('reason: Reason is required');
    expect(run([decline], client, sent).status).toBe('declined');
  });

  it('given a new draft superseding another, then only a signed or declined one not yet superseded can be', () => {
    const supersede = (status: ChangeOrderState['status'], supersededBy: string | null = null): ChangeOrderCommand => ({ ...draft, changeOrderId: 'co2', supersedes: 'co1', superseded: { status, supersededBy } });
    expect(() => decideChangeOrder(supersede('sent'), initialChangeOrderState, contractor)).toThrow('supersedes: only a signed or declined change order can be superseded');
    expect(() => decideChangeOrder({ ...draft, supersedes: 'co9' }, initialChangeOrderState, contractor)).toThrow('supersedes: must name a change order of this project');
    expect(() => decideChangeOrder(supersede('signed', 'co3'), initialChangeOrderState, contractor)).toThrow('already superseded');
    expect(run([supersede('signed')], contractor)).toMatchObject({ supersedes: 'co1', status: 'draft' });
  });
});
