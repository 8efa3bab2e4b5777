import { mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { envNames } from '../functions/config';
import { lambdaBundling } from '../infra/constructs/lambda-bundling';
import { nativePackagesOf } from '../infra/constructs/native-modules';
import { repoRoot } from '../infra/paths';

/**
 * Lambda bundles for the benches (bench:bundles, bench:cold-start): a handler module bundled as
 * the CDK stack bundles it, the floor (just the DynamoDB client and lib-dynamodb, which every
 * route needs), and the environment a Lambda's process has when it loads one.
 */

/**
 * The floor's handler: one GetItem, the least a route's first invocation does against DynamoDB,
 * with its client made on first use as the handlers' is (functions/adapters/dynamo.ts).
 */
export const floorSource = `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
let client;
export const handler = async () => {
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient({}));
  await client.send(new GetCommand({ TableName: process.env.${envNames.stateTable}, Key: { pk: 'floor', sk: 'floor' } }));
  return { statusCode: 200 };
};`;

/**
 * A folder for bundles beside the repository's node_modules: a native package (sharp, issue 30) is
 * left out of a bundle, as the stack installs it beside the function's
 * (infra/constructs/native-modules.ts), and resolves from there.
 */
export function bundlesFolder(): string {
  mkdirSync(join(repoRoot, 'node_modules/.cache'), { recursive: true });
  return mkdtempSync(join(repoRoot, 'node_modules/.cache/cc-bundles-'));
}

/** Bundles a handler module (its path) or the floor (`floorSource`) into `file`, as the stack does. */
export async function bundleLambda(entry: string | { floor: true }, file: string): Promise<{ bytes: number; metafile: Metafile }> {
  const input: Pick<BuildOptions, 'entryPoints' | 'stdin'> =
    typeof entry === 'string' ? { entryPoints: [entry] } : { stdin: { contents: floorSource, resolveDir: repoRoot, loader: 'js' } };
  const external = typeof entry === 'string' ? nativePackagesOf(entry) : [];
  const { metafile } = await build({ ...input, ...lambdaBundling, mainFields: [...lambdaBundling.mainFields], banner: { js: lambdaBundling.banner }, outfile: file, bundle: true, metafile: true, logLevel: 'error', external });
  return { bytes: statSync(file).size, metafile };
}

/** What a Lambda's runtime sets in its process, beside the function's own settings. */
export const lambdaRuntimeEnv = {
  AWS_REGION: 'eu-west-1',
  AWS_DEFAULT_REGION: 'eu-west-1',
  AWS_LAMBDA_FUNCTION_NAME: 'bench',
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '1024',
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
} as const;

/**
 * What a Lambda's runtime sets, as the tree at `tree` deploys it (its `lambdaRuntimeEnv`), or this
 * tree's: a `--before` tree's bundles run with that tree's settings (until issue 32's sixth
 * sitting, `NODE_OPTIONS=--enable-source-maps`), so a comparison measures what each deployed.
 */
export async function runtimeEnvOf(tree: string | undefined): Promise<Record<string, string>> {
  if (!tree) return { ...lambdaRuntimeEnv };
  const theirs = (await import(pathToFileURL(join(tree, 'bench/lambda-bundles.ts')).href)) as { lambdaRuntimeEnv: Record<string, string> };
  return { ...theirs.lambdaRuntimeEnv };
}
