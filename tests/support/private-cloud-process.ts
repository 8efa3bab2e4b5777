import { startLocalCloud } from '../../infra/local/cloud';

/**
 * A local cloud of its own, in a process of its own (tests/support/private-cloud.ts starts it):
 * its own DynamoDB Local and gateway, the mail and file emulators given in the environment
 * (AWS_ENDPOINT_URL_SESV2 / _S3, the suite's) reused. Prints `{ url, env, endpoints }` as one JSON
 * line on stdout when ready; stops on SIGTERM or SIGINT, or when its stdin closes (its parent gone).
 */

const cloud = await startLocalCloud({ port: 0 });
process.stdout.write(`${JSON.stringify({ url: cloud.url, env: cloud.env, endpoints: cloud.endpoints })}\n`);

let stopping: Promise<void> | undefined;
const stop = () => {
  stopping ??= cloud.stop().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop).resume();
