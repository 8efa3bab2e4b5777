import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { itemInput, itemPatchInput, projectInput, projectPatchInput, roomInput, roomRenameInput } from './project-inputs';
import { limits } from '../events/projects/model';

/** Every checklist text has a length limit and every id the shape we mint, named when refused (issue 12). */

const fieldsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) => [...new Set(result.error?.issues.map((issue) => issue.path.join('.')))];
const huge = 'x'.repeat(5000);
const project = { name: 'Maple', address: '1 Maple St', clientName: 'Chris Owner' };

describe('checklist inputs', () => {
  it('given each project text oversized, then that field is named', () => {
    for (const field of ['name', 'address', 'clientName', 'clientEmail', 'clientPhone', 'contractorNotes', 'startDate', 'targetCompletionDate']) {
      expect(fieldsOf(projectInput.safeParse({ ...project, [field]: huge })), field).toEqual([field]);
    }
    expect(fieldsOf(projectPatchInput.safeParse({ lockBoxCode: huge }))).toEqual(['lockBoxCode']);
    expect(projectInput.safeParse({ ...project, name: 'x'.repeat(limits.projectName) }).success).toBe(true);
    expect(projectInput.safeParse({ ...project, clientName: 'x'.repeat(limits.personName) }).success).toBe(true);
  });

  it('given a line break inside the project or client name (both reach the invitation mail), then that field is named', () => {
    for (const field of ['name', 'clientName']) {
      for (const lineBreak of ['\n', '\r', '\r\n', '\u2028']) {
        const result = projectInput.safeParse({ ...project, [field]: `Maple${lineBreak}Bcc: victim@example.com` });
        expect(fieldsOf(result), field).toEqual([field]);
        expect(result.error?.issues[0]?.message).toBe('must not contain line breaks');
      }
    }
    // The address may span lines: it never reaches a header.
    expect(projectInput.safeParse({ ...project, address: '1 Maple St\nUnit 4' }).success).toBe(true);
  });

  it('given a malformed projectId or roomId, then it is named; a well-formed one passes', () => {
    expect(fieldsOf(roomInput.safeParse({ projectId: 'made-up', type: 'bedroom' }))).toEqual(['projectId']);
    expect(roomInput.safeParse({ projectId: randomUUID(), type: 'bedroom' }).success).toBe(true);
    expect(fieldsOf(itemInput.safeParse({ roomId: huge, category: 'standard', name: 'Paint' }))).toEqual(['roomId']);
    expect(fieldsOf(itemInput.safeParse({ roomId: 42, category: 'standard', name: 'Paint' }))).toEqual(['roomId']);
  });

  it('given room and item texts oversized, then each is named', () => {
    expect(fieldsOf(roomInput.safeParse({ projectId: randomUUID(), type: 'bedroom', name: huge, customName: huge }))).toEqual(['name', 'customName']);
    expect(fieldsOf(roomRenameInput.safeParse({ customName: huge }))).toEqual(['customName']);
    expect(fieldsOf(itemInput.safeParse({ roomId: randomUUID(), category: 'standard', name: huge, details: huge }))).toEqual(['name', 'details']);
    for (const field of ['referenceLinks', 'referenceImages', 'cabinetLinks', 'cabinetImages']) {
      expect(fieldsOf(itemPatchInput.safeParse({ [field]: [huge] })), field).toEqual([`${field}.0`]);
      expect(fieldsOf(itemPatchInput.safeParse({ [field]: Array.from({ length: limits.listEntries + 1 }, (_, i) => `https://a.example/${i}`) })), field).toEqual([field]);
      expect(fieldsOf(itemPatchInput.safeParse({ [field]: 'https://a.example' })), field).toEqual([field]);
    }
    expect(fieldsOf(itemPatchInput.safeParse({ cabinetDetails: { style: huge } }))).toEqual(['cabinetDetails.style']);
  });
});
