import { createHash } from 'node:crypto';
import type { Stack } from 'aws-cdk-lib';
import { ManagedPolicy, PolicyDocument, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { needsOf } from '../../functions/route-permissions';
import { handlerName, type HttpRoute } from '../../functions/routes';
import { statementsFor, type GrantTargets } from './grants';

/**
 * Each function's role, from what its handler declares (functions/route-permissions.ts) and the
 * manifest's auditKey. Route functions whose declarations are equal share one role (equal grants,
 * fewer IAM resources: CloudFormation takes 500 per stack); a function that CDK grants more to
 * (the stream consumer, the rotator) and the scheduled digest get their own.
 */
export class FunctionRoles {
  private readonly roles = new Map<string, Role>();

  constructor(
    private readonly scope: Stack,
    private readonly targets: GrantTargets,
  ) {}

  /** The role of a function running this handler module; `own` names a role of its own (its id). */
  for(handler: URL, auditKey?: HttpRoute['auditKey'], own?: string): Role {
    const needs = needsOf(handler);
    const signature = own ?? createHash('sha256').update(JSON.stringify([Object.entries(needs).sort(), auditKey ?? null])).digest('hex').slice(0, 8);
    const existing = this.roles.get(signature);
    if (existing) return existing;
    const statements = statementsFor(this.scope, needs, auditKey, this.targets);
    const role = new Role(this.scope, `FunctionRole${own ?? signature}`, {
      description: own ? `Construction Checklist: ${handlerName(handler)}` : `Construction Checklist: functions that declare ${JSON.stringify(needs)}${auditKey ? ` and use the audit key to ${auditKey}` : ''}`.slice(0, 1000),
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole')],
      // Inline: one resource per role instead of two.
      ...(statements.length ? { inlinePolicies: { declared: new PolicyDocument({ statements }) } } : {}),
    });
    this.roles.set(signature, role);
    return role;
  }
}

/** What every function of the stack is made with: the app's configuration and the roles. */
export interface FunctionSetup {
  readonly environment: Readonly<Record<string, string>>;
  readonly roles: FunctionRoles;
}
