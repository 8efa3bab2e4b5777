import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Checks what the app needs beyond npm packages, before `npm start` and `npm test`:
 * Node 20.19+, Java 17+ (DynamoDB Local), Chromium (browser tests, PDF export) and, with
 * `--tests`, pdftotext (poppler-utils: the PDF export tests read the text back). Where the
 * machine allows it (root with apt-get, as on CI), installs what is missing; otherwise says
 * exactly what to install. Never prompts.
 */

const problems: string[] = [];

function canApt(): boolean {
  return process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
}

let aptUpdated = false;
function aptInstall(...packages: string[]): boolean {
  if (!canApt()) return false;
  console.log(`Installing ${packages.join(', ')} with apt-get …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    aptUpdated = true;
  }
  return spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env }).status === 0;
}

function javaMajor(): number | undefined {
  const run = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${run.stderr}${run.stdout}`);
  if (!match) return undefined;
  // Java 8 and older say "1.8".
  return match[1] === '1' ? Number(match[2]) : Number(match[1]);
}

function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}

// Node
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  problems.push(`Node ${process.versions.node} is too old: install Node 20.19 or newer (https://nodejs.org).`);
}

// Java, for DynamoDB Local
if ((javaMajor() ?? 0) < 17) {
  aptInstall('openjdk-17-jre-headless');
  const found = javaMajor();
  if ((found ?? 0) < 17) {
    problems.push(
      found
        ? `Java ${found} is too old: DynamoDB Local needs Java 17 or newer (e.g. apt-get install openjdk-17-jre-headless).`
        : 'Java is missing: DynamoDB Local needs Java 17 or newer (e.g. apt-get install openjdk-17-jre-headless, or brew install openjdk@17).',
    );
  }
}

// Chromium, for browser tests and PDF export
if (!chromiumPath()) {
  aptInstall('chromium', 'poppler-utils');
  if (!chromiumPath()) {
    problems.push('Chromium is missing: install it (apt-get install chromium) or point CHROMIUM_PATH at a Chromium or Chrome binary.');
  }
}

// pdftotext, for the tests that read exported PDFs
const hasPdftotext = () => !spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }).error;
if (process.argv.includes('--tests') && !hasPdftotext()) {
  aptInstall('poppler-utils');
  if (!hasPdftotext()) problems.push('pdftotext is missing: the PDF export tests need it (apt-get install poppler-utils, or brew install poppler).');
}

if (problems.length) {
  console.error(`\nConstruction Checklist cannot run on this machine yet:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
  process.exit(1);
}
const version = execFileSync(chromiumPath()!, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
console.log(`Prerequisites OK: Node ${process.versions.node}, Java ${javaMajor()}, ${version}.`);
