// The Chromium of every browser launch (Playwright's config, npm run lighthouse, the tests that launch one
// themselves): CHROMIUM_PATH, else Debian's /usr/bin/chromium when installed, else the headless shell that
// the devDependency @sparticuz/chromium ships compressed inside its npm package (installed by `npm ci`, no
// install script, no download), decompressed once into node_modules/.cache/chromium/<version>/.
// CommonJS: Playwright compiles the .mjs files that its TypeScript config imports into CommonJS, which Node
// then refuses to run as ES modules.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const { join } = require('node:path');

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

// The flags of every launch by Playwright: root needs --no-sandbox; the rest keep Chromium off this
// machine's closed network (background requests, component updates, sync, QUIC).
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const root = join(__dirname, '..');
const packageDir = join(root, 'node_modules', '@sparticuz', 'chromium');

function executable(path) {
  try {
    fs.accessSync(path, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The path of the Chromium to launch. CHROMIUM_IGNORE_SYSTEM=1 passes over Debian's, so that a machine
 * that has it can run the suite on the bundled one (tests/unit/chromium.test.ts, and by hand).
 */
function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (process.env.CHROMIUM_IGNORE_SYSTEM !== '1' && executable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return bundledChromium();
}

/** The bundled headless shell, decompressed on first use; the path of a launcher script beside it. */
function bundledChromium(cacheRoot = join(root, 'node_modules', '.cache', 'chromium')) {
  if (!fs.existsSync(packageDir)) {
    throw new Error(`No Chromium: ${DEBIAN_CHROMIUM} is missing and @sparticuz/chromium is not installed (npm ci).`);
  }
  const { version } = JSON.parse(fs.readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const dir = join(cacheRoot, version);
  const launcher = join(dir, 'chromium-launcher');
  if (fs.existsSync(launcher)) return launcher;

  // Playwright loads its config in every worker at once: each unpacks into a folder of its own, and the
  // first rename wins (a rename onto an existing folder fails, and the loser's copy is removed).
  fs.mkdirSync(cacheRoot, { recursive: true });
  const staging = fs.mkdtempSync(join(cacheRoot, `.${version}-`));
  try {
    unpackInto(staging, dir);
    fs.chmodSync(staging, 0o755);
    try {
      fs.renameSync(staging, dir);
    } catch (error) {
      if (!fs.existsSync(launcher)) throw error;
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return launcher;
}

/**
 * The package's own code decompresses (its executablePath() and inflate() write under os.tmpdir()): run
 * in a child with TMPDIR pointing at `staging`, so that a synchronous caller such as Playwright's config can
 * wait for it. Its NSS libraries (built for Amazon Linux 2023) and its font go with it, so that a machine
 * without libnss3 or fonts runs it too; the system's fonts stay in use where it has them.
 */
function unpackInto(staging, dir) {
  const script = `
    import Chromium, { inflate } from '@sparticuz/chromium';
    Chromium.setGraphicsMode = false;
    await Chromium.executablePath();
    await inflate(${JSON.stringify(join(packageDir, 'bin', 'al2023.tar.br'))});
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env: { ...process.env, TMPDIR: staging },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) {
    throw new Error(`Unpacking @sparticuz/chromium failed: ${result.error?.message ?? result.stderr}`);
  }
  fs.writeFileSync(
    join(staging, 'fonts.conf'),
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${join(dir, 'fonts')}</dir>
  <cachedir>${join(dir, 'fonts-cache')}</cachedir>
</fontconfig>
`,
  );
  fs.writeFileSync(
    join(staging, 'chromium-launcher'),
    `#!/bin/sh
# Written by scripts/chromium.cjs: @sparticuz/chromium's headless shell with the libraries and fonts beside it.
dir=$(dirname "$0")
export LD_LIBRARY_PATH="$dir/al2023/lib\${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export FONTCONFIG_FILE="$dir/fonts.conf"
exec "$dir/chromium" "$@"
`,
    { mode: 0o755 },
  );
}

module.exports = { CHROMIUM_ARGS, DEBIAN_CHROMIUM, bundledChromium, chromiumPath };
