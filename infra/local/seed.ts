/**
 * Demo data for `npm start`, made through the app's own API so it is exactly what a user would
 * have made: a demo contractor and a demo client. Already there (409): left as it is.
 */

export const demoPassword = 'demo-password';

export const demoAccounts = [
  { firstName: 'Dana', lastName: 'Contractor', email: 'demo.contractor@example.com', role: 'contractor', companyName: 'Demo Renovations' },
  { firstName: 'Chris', lastName: 'Client', email: 'demo.client@example.com', role: 'client', companyName: null },
] as const;

export async function seedDemoData(appUrl: string): Promise<void> {
  for (const account of demoAccounts) {
    const response = await fetch(`${appUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...account, password: demoPassword, confirmPassword: demoPassword }),
    });
    if (response.status !== 201 && response.status !== 409) {
      throw new Error(`Seeding ${account.email} failed: ${response.status} ${await response.text()}`);
    }
  }
}
