// The widget's standalone frame (issue 37, point 1): the widget's components compiled by esbuild against
// Preact's React compatibility layer, and Tailwind built from the widget's own sources, written with content
// hashes under `.next/static/widget/` (served at `/_next/static/widget/`, compressed ahead with the rest of
// `.next/static`) and named in `.next/widget-manifest.json`, which the frame's route reads (app/embed/[widgetId]).
// `node scripts/build-widget.mjs [nextDir]`; `npm run dev` runs it while it runs (server/widget-dev.mjs).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import postcss from 'postcss';
import tailwind from '@tailwindcss/postcss';

const root = fileURLToPath(new URL('..', import.meta.url));
const preact = dirname(createRequire(import.meta.url).resolve('preact/package.json'));

const options = {
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2020',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  tsconfig: join(root, 'tsconfig.json'),
  alias: {
    react: join(preact, 'compat'),
    'react-dom': join(preact, 'compat'),
    'react-dom/client': join(preact, 'compat', 'client'),
  },
  define: { 'process.env.NODE_ENV': '"production"' },
  write: false,
  logLevel: 'warning',
};

/**
 * The modules the widget loads only when it needs them (components/widget/lazy-part.ts), each a file of its
 * own. They use the frame's Preact, which the frame lends them (HOST below), never a second copy.
 */
const PARTS = ['rating-part'];
const HOST = '__plauderWidget';
const LENT = ['jsx', 'jsxs', 'useState'];

/** In a part, React and the JSX runtime are what the frame lends (an import of anything else fails the build). */
const lentPreact = {
  name: 'lent-preact',
  setup(build) {
    build.onResolve({ filter: /^(react|preact\/jsx-runtime)$/ }, () => ({ path: 'host', namespace: 'lent' }));
    build.onLoad({ filter: /.*/, namespace: 'lent' }, () => ({
      contents: `const h = globalThis.${HOST};\n${LENT.map((name) => `export const ${name} = h.${name};`).join('\n')}`,
      loader: 'js',
    }));
  },
};

/** In the frame, `import('./<part>')` is the part's file, by its address. */
const partAddresses = (addresses) => ({
  name: 'part-addresses',
  setup(build) {
    build.onResolve({ filter: /^\.\/[\w-]+$/ }, ({ path, kind }) => {
      const address = kind === 'dynamic-import' && addresses[path.slice(2)];
      return address ? { path: address, external: true } : undefined;
    });
  },
});

async function part(name) {
  const result = await build({
    ...options,
    entryPoints: [join(root, 'components', 'widget', `${name}.tsx`)],
    plugins: [lentPreact],
  });
  return result.outputFiles[0].contents;
}

async function script(addresses) {
  const result = await build({
    ...options,
    entryPoints: [join(root, 'components', 'widget', 'frame.tsx')],
    plugins: [partAddresses(addresses)],
  });
  return result.outputFiles[0].contents;
}

/** Drops the colours nothing reads: the dark palette (app/dark-palette.css) names the site's, the frame uses fewer. */
const unreadColours = {
  postcssPlugin: 'unread-colours',
  OnceExit(css) {
    const read = new Set(
      css
        .toString()
        .match(/var\(--color-[\w-]+/g)
        ?.map((use) => use.slice(4)),
    );
    css.walkDecls(/^--color-/, (declaration) => {
      if (!read.has(declaration.prop)) declaration.remove();
    });
  },
};

async function stylesheet() {
  const from = join(root, 'components', 'widget', 'frame.css');
  const result = await postcss([tailwind({ base: root, optimize: { minify: true } }), unreadColours]).process(
    readFileSync(from, 'utf8'),
    { from },
  );
  return Buffer.from(result.css);
}

/** `bytes` written as `<name>-<hash>.<ext>` in `dir`; answers the file's name. */
function hashed(dir, name, ext, bytes) {
  const file = `${name}-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.${ext}`;
  writeFileSync(join(dir, file), bytes);
  return file;
}

/**
 * Builds the frame into `nextDir` (`.next` by default); answers the manifest: each file's address and its
 * size raw and gzip (level 9, as bench/widget-bytes.mjs counts it).
 */
export async function buildWidget(nextDir = join(root, '.next')) {
  const dir = join(nextDir, 'static', 'widget');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const entry = (file, bytes) => ({
    path: `/_next/static/widget/${file}`,
    rawBytes: bytes.length,
    gzipBytes: gzipSync(bytes, { level: 9 }).length,
  });
  const parts = {};
  for (const name of PARTS) {
    const bytes = await part(name);
    parts[name] = entry(hashed(dir, name, 'js', bytes), bytes);
  }
  const addresses = Object.fromEntries(Object.entries(parts).map(([name, { path }]) => [name, path]));
  const [js, css] = await Promise.all([script(addresses), stylesheet()]);
  const manifest = {
    script: entry(hashed(dir, 'frame', 'js', js), js),
    stylesheet: entry(hashed(dir, 'frame', 'css', css), css),
    parts,
  };
  writeFileSync(join(nextDir, 'widget-manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  buildWidget(process.argv[2]).then(
    ({ script: js, stylesheet: css }) =>
      console.log(`Built the widget's frame: script ${js.gzipBytes} B, stylesheet ${css.gzipBytes} B (gzip).`),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
