import { describe, expect, it } from 'vitest';
import { errorOf } from '../../tests/support/domain-errors';
import type { Actor } from '../decider';
import { canRead, decideProject, initialProjectState, type ProjectState } from '../projects/project';
import { teamDecider, teamMessages } from './team';

/** A company's team (issue 31): the owner invites and removes; colleagues act for the company's projects as themselves. */

const owner: Actor = { userId: 'owner-1', role: 'contractor', tenantId: 'owner-1' };
const colleague: Actor = { userId: 'colleague-1', role: 'contractor', tenantId: 'owner-1' };
const otherCompany: Actor = { userId: 'owner-2', role: 'contractor', tenantId: 'owner-2' };

describe('team', () => {
  it('given an owner, when they invite, then MemberInvited (no address in it)', () => {
    expect(teamDecider.decide({ type: 'invite', invitationId: 'i1', role: 'member' }, null, owner)).toEqual([{ type: 'MemberInvited', data: { invitationId: 'i1', role: 'member' } }]);
  });

  it('given a colleague, when they invite or remove, then it is refused (403)', () => {
    expect(errorOf(() => teamDecider.decide({ type: 'invite', invitationId: 'i1', role: 'member' }, null, colleague))).toMatchObject({ kind: 'forbidden', message: teamMessages.ownerOnly });
    expect(errorOf(() => teamDecider.decide({ type: 'remove', userId: 'owner-1', tenantId: 'owner-1' }, null, colleague))).toMatchObject({ kind: 'forbidden' });
  });

  it('given the owner, when they remove a colleague, then MemberRemoved; themselves: refused naming the id', () => {
    expect(teamDecider.decide({ type: 'remove', userId: 'colleague-1', tenantId: 'owner-1' }, null, owner)).toEqual([{ type: 'MemberRemoved', data: { userId: 'colleague-1' } }]);
    expect(errorOf(() => teamDecider.decide({ type: 'remove', userId: 'owner-1', tenantId: 'owner-1' }, null, owner))).toMatchObject({ kind: 'invalid', fieldErrors: { id: [teamMessages.notYourself] } });
  });
});

describe('a project of a company', () => {
  const project: ProjectState = { ...initialProjectState, exists: true, projectId: 'p1', contractorId: 'owner-1' };

  it('given a colleague, when they create a project, then it is the company’s (contractorId = the tenant)', () => {
    const details = { ...initialProjectState.details, name: 'Oak Loft' };
    expect(decideProject({ type: 'create', projectId: 'p2', details, rooms: [] }, initialProjectState, colleague)[0]).toMatchObject({ type: 'ProjectCreated', data: { contractorId: 'owner-1' } });
  });

  it('is read and changed by its company’s accounts only; another company’s is told it does not exist', () => {
    expect([canRead(project, owner), canRead(project, colleague), canRead(project, otherCompany)]).toEqual([true, true, false]);
    expect(decideProject({ type: 'setLockBoxCode', code: '1234' }, project, colleague)).toEqual([{ type: 'LockBoxCodeSet', data: { from: null, to: '1234' } }]);
    expect(errorOf(() => decideProject({ type: 'setLockBoxCode', code: '1234' }, project, otherCompany))).toMatchObject({ kind: 'not_found' });
    // A client whose user id happened to be the tenant's would still be a client: contractors' rights go by role and tenant.
    expect(canRead(project, { userId: 'owner-1', role: 'client' })).toBe(false);
  });
});
