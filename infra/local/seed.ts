import { demoApi, type DemoApi } from './demo-api';
import { seedSampleProject } from './sample-project';

/**
 * Demo data for `npm start`, made through the app's own API (the same handlers, commands and
 * deciders a browser's requests run, so the events, their hash chains and the views are exactly
 * what a user would have made): a demo contractor and a demo client, both with their e-mail
 * verified (through the link the local cloud hands back, as a person would open the mailed one),
 * and one sample project in progress between them (sample-project.ts). Already there (409):
 * signed in instead, and verified if it is not yet; the sample project is made only while the
 * demo contractor has no project at all, so a second start seeds nothing twice.
 */

export const demoPassword = 'demo-password';

export const demoAccounts = [
  { firstName: 'Dana', lastName: 'Contractor', email: 'demo.contractor@example.com', role: 'contractor', companyName: 'Demo Renovations' },
  { firstName: 'Chris', lastName: 'Client', email: 'demo.client@example.com', role: 'client', companyName: null },
] as const;

export interface SeedOutcome {
  /** The sample project's id, and whether this run made it. */
  readonly sampleProject: { readonly id: string; readonly made: boolean } | undefined;
}

export async function seedDemoData(appUrl: string): Promise<SeedOutcome> {
  const [contractorAccount, clientAccount] = demoAccounts;
  const contractor = await demoAccount(appUrl, contractorAccount);
  const client = await demoAccount(appUrl, clientAccount);
  return { sampleProject: await seedSampleProject({ contractor, client }) };
}

/** The demo account signed in, registered and verified first where needed. */
async function demoAccount(appUrl: string, account: (typeof demoAccounts)[number]): Promise<DemoApi> {
  const api = demoApi(appUrl, account.email);
  type Answer = { isEmailVerified?: boolean; verificationLink?: string };
  const registered = await api.call<Answer>('POST', '/api/auth/register', { ...account, password: demoPassword, confirmPassword: demoPassword }, [201, 409]);
  let link = registered.answer.verificationLink;
  if (registered.status === 409) {
    const signedIn = await api.call<Answer>('POST', '/api/auth/login', { email: account.email, password: demoPassword });
    if (signedIn.answer.isEmailVerified) return api;
    link = (await api.call<Answer>('POST', '/api/auth/resend-verification')).answer.verificationLink;
  }
  // The link carries its token in the fragment (`#token=…`).
  const token = link && new URLSearchParams(new URL(link).hash.slice(1)).get('token');
  if (!token) throw new Error(`Seeding ${account.email} failed: no verification link in the answer`);
  const proved = await api.call<{ passwordCleared?: boolean }>('POST', '/api/auth/verify-email', { token });
  // Issue 27: the first proof drops a password set before it; its prover (the seed) sets it again, as a person would.
  if (proved.answer.passwordCleared) await api.call('PUT', '/api/auth/change-password', { newPassword: demoPassword });
  return api;
}
