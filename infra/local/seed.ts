/**
 * Demo data for `npm start`, made through the app's own API so it is exactly what a user would
 * have made: a demo contractor and a demo client, both with their e-mail verified (through the
 * link the local cloud hands back, as a person would open the mailed one). Already there (409):
 * signed in instead, and verified if it is not yet.
 */

export const demoPassword = 'demo-password';

export const demoAccounts = [
  { firstName: 'Dana', lastName: 'Contractor', email: 'demo.contractor@example.com', role: 'contractor', companyName: 'Demo Renovations' },
  { firstName: 'Chris', lastName: 'Client', email: 'demo.client@example.com', role: 'client', companyName: null },
] as const;

export async function seedDemoData(appUrl: string): Promise<void> {
  for (const account of demoAccounts) {
    let cookie = '';
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${appUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      cookie = response.headers.getSetCookie()[0]?.split(';')[0] ?? cookie;
      const answer = (await response.json().catch(() => ({}))) as { isEmailVerified?: boolean; verificationLink?: string };
      return { status: response.status, answer };
    };
    const failed = (step: string, status: number) => new Error(`Seeding ${account.email} failed at ${step}: ${status}`);

    const registered = await call('POST', '/api/auth/register', { ...account, password: demoPassword, confirmPassword: demoPassword });
    let link = registered.answer.verificationLink;
    if (registered.status === 409) {
      const signedIn = await call('POST', '/api/auth/login', { email: account.email, password: demoPassword });
      if (signedIn.status !== 200) throw failed('sign-in', signedIn.status);
      if (signedIn.answer.isEmailVerified) continue;
      link = (await call('POST', '/api/auth/resend-verification')).answer.verificationLink;
    } else if (registered.status !== 201) {
      throw failed('register', registered.status);
    }
    const token = link && new URL(link).searchParams.get('token');
    if (!token) throw failed('verification link', registered.status);
    const verified = await call('POST', '/api/auth/verify-email', { token });
    if (verified.status !== 200) throw failed('verify-email', verified.status);
  }
}
