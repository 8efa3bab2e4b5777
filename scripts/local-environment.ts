import { existsSync, readFileSync } from 'node:fs';
import { envNames } from '../functions/config';
import { localEnvironmentFile } from '../infra/paths';

/**
 * The command-line tools use the Lambdas' environment. With none set, they talk to the app that
 * `npm start` is running (it writes its environment to .local/cloud-env.json).
 */

if (!process.env[envNames.eventsTable] && existsSync(localEnvironmentFile)) {
  const env = JSON.parse(readFileSync(localEnvironmentFile, 'utf8')) as Record<string, string>;
  Object.assign(process.env, env);
  console.error(`(using the local cloud that npm start runs: DynamoDB at ${env.AWS_ENDPOINT_URL_DYNAMODB})`);
}

// Which generation of the read models is live (issue 31): a tool's view keys are in it from its first read.
if (process.env[envNames.stateTable]) {
  const { refreshViewGeneration } = await import('../functions/store/view-generation');
  await refreshViewGeneration().catch((error: Error) => console.error(`(the read models' generation pointer could not be read: ${error.message})`));
}
