import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { rawGet } from '../support/raw-get';
import type { AuditExport } from '../../contract/audit';
import type { ProjectChecklist, ProjectStats } from '../../contract/projects';
import { signedUp } from '../support/accounts';

/**
 * How the API sends its JSON (issue 16; compressed by the function, so alike in AWS and locally): an answer of 1 KB and more in brotli or
 * gzip as the request's Accept-Encoding allows, with `Vary: Accept-Encoding`; as it is when no
 * encoding is asked for; and an answer that is already encoded (the audit export's gzip) never
 * encoded twice.
 */

/** A contractor's new project (its starter rooms and items) and the contractor's session cookie. */
async function projectWithChecklist() {
  const contractor = await signedUp('contractor');
  const project = await contractor.api.post('/api/projects', { name: 'Brotli Barn', address: '9 Squeeze Lane', clientName: 'Chris Owner', clientEmail: 'chris.owner@example.com' });
  expect(project.status).toBe(201);
  return { id: project.body.id as string, cookie: contractor.api.cookie! };
}

describe("the API's answers as they are sent", () => {
  it('a checklist (tens of KB of JSON): brotli or gzip when asked, the same JSON decoded; plain when not asked', async () => {
    const { id, cookie } = await projectWithChecklist();
    const path = `/api/projects/${id}/checklist`;

    const plain = await rawGet(path, { cookie });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(plain.body.length).toBeGreaterThan(1024);
    const checklist = JSON.parse(plain.body.toString('utf8')) as ProjectChecklist;
    expect(checklist.project.id).toBe(id);
    expect(checklist.rooms.flatMap((room) => room.items).length).toBeGreaterThan(0);

    const identity = await rawGet(path, { cookie, 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(plain.body)).toBe(true);

    const brotli = await rawGet(path, { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotli.headers['content-type']).toContain('application/json');
    expect(brotli.body.length).toBeLessThan(plain.body.length / 3);
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);

    const gzip = await rawGet(path, { cookie, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.length).toBeLessThan(plain.body.length / 3);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it('an answer under 1 KB is sent as it is, even when compression is asked for', async () => {
    const { id, cookie } = await projectWithChecklist();
    const small = await rawGet(`/api/projects/${id}/stats`, { cookie, 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(small.body.toString('utf8')) as ProjectStats).total).toBeGreaterThan(0);
  });

  it('the audit export keeps its own gzip: decoded once, it is the JSON document', async () => {
    const { id, cookie } = await projectWithChecklist();
    const exported = await rawGet(`/api/projects/${id}/audit-export`, { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(exported.status).toBe(200);
    expect(exported.headers['content-encoding']).toBe('gzip');
    expect(exported.headers['content-disposition']).toContain('attachment');
    const document = JSON.parse(gunzipSync(exported.body).toString('utf8')) as AuditExport;
    expect(document.format).toBe('construction-checklist/audit-export');
    expect(document.projectId).toBe(id);
  });
});
