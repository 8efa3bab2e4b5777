import type { NamedActor } from '../commands/caller';

/**
 * Who an operator action is by (issue 31): the events' meta names the operator
 * (`actorId: 'operator:<name or IAM ARN>'`, role `system`, `displayName: 'Operator <name>'`).
 * Locally the name is whoever holds the local operator key (`local`, or the CLI's --as); in AWS
 * it is the caller's IAM identity, which API Gateway's IAM authorizer vouches for.
 */
export interface Operator {
  readonly name: string;
}

export const operatorActor = (operator: Operator, requestId: string): NamedActor => ({
  id: `operator:${operator.name}`,
  role: 'system',
  name: `Operator ${operator.name}`,
  requestId,
});
