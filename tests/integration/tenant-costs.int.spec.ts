import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dynamo } from '../../functions/adapters/dynamo';
import { awsPrices } from '../../functions/operations/aws-prices';
import { costReport, costReportAnswer } from '../../functions/operations/tenant-costs';
import { addUsage, getUsage, usageMonth } from '../../functions/usage/usage-counters';
import { signedUp } from '../support/accounts';
import { runScript } from '../support/run-script';

/**
 * What a tenant uses is counted per month as it happens (requests, their time and bytes, the
 * DynamoDB capacity they consumed, mails sent), and the cost report prices it with the list
 * prices of functions/operations/aws-prices.ts, most expensive tenant first, and says how much
 * of a bill it explains.
 */

describe("a tenant's monthly usage", () => {
  it("counts its people's requests as they happen: time, bytes, DynamoDB capacity, mails", async () => {
    const contractor = await signedUp('contractor');
    const client = await signedUp('client');
    const tenantId = contractor.user.id;
    const before = await getUsage(tenantId, usageMonth());
    const project = await contractor.api.post('/api/projects', { name: 'Metered House', address: '2 Meter Street', clientName: 'Chris Owner', clientEmail: client.user.email });
    expect(project.status).toBe(201);
    const checklist = await contractor.api.get(`/api/projects/${project.body.id}/checklist`);
    expect(checklist.status).toBe(200);
    // Share with Client mails the client an invitation: the tenant's mail.
    expect((await contractor.api.post(`/api/projects/${project.body.id}/share-with-client`, {})).status).toBeLessThan(300);
    // Someone else's project: a 404 for them, counted as theirs, nothing for this tenant.
    const stranger = await signedUp('contractor');
    expect((await stranger.api.get(`/api/projects/${project.body.id}/checklist`)).status).toBe(404);

    const after = await getUsage(tenantId, usageMonth());
    expect(after.requests - before.requests).toBe(3);
    expect(after.errors - before.errors).toBe(0);
    expect(after.durationMs).toBeGreaterThan(before.durationMs);
    expect(after.responseBytes - before.responseBytes).toBeGreaterThanOrEqual(JSON.stringify(checklist.body).length);
    expect(after.dynamoWriteUnits - before.dynamoWriteUnits).toBeGreaterThan(0);
    expect(after.dynamoReadUnits - before.dynamoReadUnits).toBeGreaterThan(0);
    expect(after.mailsSent - before.mailsSent).toBe(1);
    expect((await getUsage(stranger.user.id, usageMonth())).requests).toBe(1);
  });
});

describe('the cost report', () => {
  // A month of the future, which no request of this run counts into: only what the test adds is in it.
  const month = '2031-01';

  it('prices each tenant with the list prices, most expensive first', async () => {
    const big = `tenant-${randomUUID()}`;
    const small = `tenant-${randomUUID()}`;
    await addUsage(big, '2030-12', { eventBytes: 2 * 1024 ** 3 });
    await addUsage(big, month, {
      requests: 1_000_000,
      durationMs: 100_000_000,
      responseBytes: 10 * 1024 ** 3,
      dynamoReadUnits: 4_000_000,
      dynamoWriteUnits: 2_000_000,
      eventBytes: 1024 ** 3,
      mailsSent: 10_000,
      pdfSeconds: 1000,
      pdfExports: 500,
    });
    await addUsage(small, month, { requests: 10, durationMs: 500 });

    const report = await costReport(month);
    const ranked = report.tenants.map((tenant) => tenant.tenantId);
    expect(ranked.indexOf(big)).toBeLessThan(ranked.indexOf(small));
    const priced = report.tenants.find((tenant) => tenant.tenantId === big)!;
    const p = awsPrices;
    const pdfExtraGb = 1600 / 1024 - 1;
    expect(priced.storedEventBytes).toBe(3 * 1024 ** 3);
    expect(priced.costs.apiGateway).toBeCloseTo(p.apiGateway.httpRequestsPerMillion, 6);
    expect(priced.costs.lambda).toBeCloseTo((100_000 + 1000 * pdfExtraGb) * p.lambda.gbSecond + p.lambda.requestsPerMillion, 6);
    expect(priced.costs.dynamodb).toBeCloseTo(2 * p.dynamodb.writeRequestUnitsPerMillion + 4 * p.dynamodb.readRequestUnitsPerMillion + 3 * p.dynamodb.storageGbMonth, 6);
    expect(priced.costs.cloudFront).toBeCloseTo(10 * p.cloudFront.dataTransferOutGb + 100 * p.cloudFront.httpsRequestsPer10k, 6);
    expect(priced.costs.ses).toBeCloseTo(10 * p.ses.emailsPerThousand, 6);
    expect(priced.total).toBeCloseTo(Object.values(priced.costs).reduce((sum, cost) => sum + cost, 0), 5);
    expect(report.total).toBeCloseTo(report.tenants.reduce((sum, tenant) => sum + tenant.total, 0), 5);
  });

  it('reads a few tenants at a time, however many there are (60 here)', async () => {
    await Promise.all(Array.from({ length: 60 }, () => addUsage(`tenant-${randomUUID()}`, month, { requests: 1 })));
    // Counted at the client, as the report's queries leave for the database.
    let inFlight = 0;
    let most = 0;
    const name = 'countInFlight';
    dynamo().middlewareStack.add(
      (next) => async (args) => {
        most = Math.max(most, ++inFlight);
        try {
          return await next(args);
        } finally {
          inFlight--;
        }
      },
      { step: 'initialize', name },
    );
    try {
      const report = await costReport(month);
      expect(report.tenants.length).toBeGreaterThanOrEqual(60);
    } finally {
      dynamo().middlewareStack.remove(name);
    }
    // Each tenant's months are one query: with thousands of tenants, all at once queued past the SDK's sockets and timed out (a 503).
    expect(most).toBeLessThanOrEqual(8);
  });

  it("says how far the tenants' sum is from the bill, and prints a table", async () => {
    await addUsage(`tenant-${randomUUID()}`, month, { requests: 2_000_000 });
    const answer = await costReportAnswer(month, '$1,000.00');
    expect(answer.bill).toEqual({ amount: 1000, attributed: answer.total, unattributed: expect.closeTo(1000 - answer.total, 5), attributedPercent: Math.round((answer.total / 1000) * 1000) / 10 });
    expect(answer.text).toContain(`Cost per tenant, ${month}`);
    expect(answer.text).toContain(`read ${awsPrices.readOn}`);
    expect(answer.text).toMatch(/The bill says \$1000\.00: the tenants' usage explains [\d.]+% of it/);
  });

  it('is what `npm run tenant -- costs` prints, as a table or as JSON', async () => {
    const tenantId = `tenant-${randomUUID()}`;
    await addUsage(tenantId, month, { requests: 3_000_000 });
    const table = await runScript('tenant', ['costs', '--month', month, '--bill', '2500']);
    expect(table.code).toBe(0);
    expect(table.out).toMatch(/Tenant\s+Plan\s+Requests\s+DynamoDB\s+Lambda\s+API GW\s+CloudFront\s+S3\s+SES\s+Total/);
    expect(table.out).toMatch(new RegExp(`${tenantId}\\s+standard\\s+3000000\\s`));
    expect(table.out).toContain('The bill says $2500.00');
    const json = await runScript('tenant', ['costs', '--month', month, '--json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.out.slice(json.out.indexOf('{')));
    expect(report.tenants.find((tenant: { tenantId: string }) => tenant.tenantId === tenantId)).toMatchObject({ usage: { requests: 3_000_000 }, costs: { apiGateway: 3 } });
    const refused = await runScript('tenant', ['costs', '--month', '2031-13']);
    expect([refused.code, refused.out]).toEqual([1, expect.stringContaining('month')]);
  });

  it('refuses a month or a bill it cannot read, naming the field', async () => {
    for (const [month, bill, field] of [['2026-13', undefined, 'month'], ['november', undefined, 'month'], [undefined, undefined, 'month'], ['2026-11', 'lots', 'bill'], ['2026-11', '-5', 'bill']] as const) {
      await expect(costReportAnswer(month, bill)).rejects.toMatchObject({ kind: 'invalid', fieldErrors: { [field]: [expect.any(String)] } });
    }
  });
});
