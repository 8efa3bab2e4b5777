import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** Requests one address may make in 5 minutes before the edge blocks it for a while. */
export const RATE_LIMIT_PER_5_MINUTES = 2000;

/** AWS managed rule groups in front of the app: common exploits, known bad inputs, addresses with a bad reputation. */
export const managedRuleGroups = ['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet', 'AWSManagedRulesAmazonIpReputationList'] as const;

const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });

/**
 * The CloudFront web ACL. A CloudFront-scoped ACL exists only in us-east-1, so it is a stack of its
 * own there; the app's stack reads its ARN across regions (crossRegionReferences).
 */
export class EdgeStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: StackProps & { env: { account?: string } }) {
    super(scope, id, { ...props, env: { ...props.env, region: 'us-east-1' }, crossRegionReferences: true });
    const acl = new CfnWebACL(this, 'WebAcl', {
      name: 'construction-checklist',
      description: 'Construction Checklist: rate limit per address and AWS managed rules, in front of CloudFront',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('construction-checklist'),
      rules: [
        {
          name: 'RateLimitPerAddress',
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: RATE_LIMIT_PER_5_MINUTES, aggregateKeyType: 'IP' } },
          visibilityConfig: visibility('rate-limit'),
        },
        ...managedRuleGroups.map((name, index) => ({
          name,
          priority: index + 1,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name,
              // The API sets its own body limits (a checklist item with its links can pass 8 KB, the rule's size).
              ...(name === 'AWSManagedRulesCommonRuleSet' ? { ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }] } : {}),
            },
          },
          visibilityConfig: visibility(name),
        })),
      ],
    });
    this.webAclArn = acl.attrArn;
  }
}
