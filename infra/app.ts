import { Annotations, App } from 'aws-cdk-lib';
import { EdgeStack } from './edge-stack';
import { ConstructionChecklistStack } from './stack';

const app = new App();

const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;

// The web ACL lives in us-east-1 (CloudFront's scope): a stack of its own, read across regions,
// which needs the account and region known (a deploy has them; a bare `cdk synth` may not).
const edge = account && region ? new EdgeStack(app, 'ConstructionChecklistEdge', { description: 'Construction Checklist: the web ACL in front of CloudFront', env: { account } }) : undefined;

const stack = new ConstructionChecklistStack(app, 'ConstructionChecklist', {
  description: 'Construction Checklist: event-sourced serverless app',
  ...(account || region ? { env: { account, region } } : {}),
  ...(edge ? { crossRegionReferences: true, webAclArn: edge.webAclArn } : {}),
});
if (!edge) Annotations.of(stack).addWarningV2('construction-checklist:no-waf', 'No account and region known: synthesized without the CloudFront web ACL (deploy with credentials to get it)');
