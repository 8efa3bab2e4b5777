import { App } from 'aws-cdk-lib';
import { ConstructionChecklistStack } from './stack';

const app = new App();

const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;

new ConstructionChecklistStack(app, 'ConstructionChecklist', {
  description: 'Construction Checklist: event-sourced serverless app',
  ...(account || region ? { env: { account, region } } : {}),
});
