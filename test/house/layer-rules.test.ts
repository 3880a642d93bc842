import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

/**
 * The house's boundary check (.dependency-cruiser.cjs, run by `npm run check`) refuses each kind
 * of violation ARCHITECTURE names when one is planted in a small tree of its own: an import from a
 * higher floor, an operation reaching a repository or the outside world, the HTTP layer reaching
 * the store, the store engine reached past its door, a circle; and lets the same tree pass once
 * the plants are gone.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
// The package exports no path to its command: it is the one `npm run lint:layers` runs.
const CLI = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
let tree: string;

function plant(files: Record<string, string>): void {
  rmSync(join(tree, 'src'), { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
}

function cruise(): { status: number | null; output: string } {
  const run = spawnSync(
    process.execPath,
    [CLI, 'src', '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'err'],
    { cwd: tree, encoding: 'utf8' },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const CLEAN = {
  'src/domain/rule.ts': 'export const RULE = 1;\n',
  'src/store-engine/unit.ts': 'export const UNIT = 1;\n',
  'src/store-engine/index.ts': "export { UNIT } from './unit.js';\n",
  'src/store/order-row.ts':
    "import { RULE } from '../domain/rule.js';\nimport { UNIT } from '../store-engine/index.js';\n" +
    'export const ROW = RULE + UNIT;\n',
  'src/services/orders.ts': "import { ROW } from '../store/order-row.js';\nexport const VIEW = ROW;\n",
  'src/api/status.ts': "import { VIEW } from '../services/orders.js';\nexport const ANSWER = VIEW;\n",
  'src/http/route.ts': "import { ANSWER } from '../api/status.js';\nexport const PAGE = ANSWER;\n",
  'src/modules/http-module.ts': "import { PAGE } from '../http/route.js';\nexport const APP = PAGE;\n",
};

before(() => {
  tree = mkdtempSync(join(tmpdir(), 'gatehouse-layers-'));
  writeFileSync(
    join(tree, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }),
  );
});
after(() => rmSync(tree, { recursive: true, force: true }));

test('a tree whose imports all run down the floors passes', () => {
  plant(CLEAN);
  const { status, output } = cruise();
  assert.equal(status, 0, output);
});

const PLANTS: readonly { rule: string; files: Record<string, string> }[] = [
  {
    rule: 'no-upward-from-domain',
    files: { 'src/domain/late.ts': "import { PAGE } from '../http/route.js';\nexport const L = PAGE;\n" },
  },
  {
    rule: 'no-upward-from-store',
    files: {
      'src/store/knows.ts': "import { VIEW } from '../services/orders.js';\nexport const K = VIEW;\n",
    },
  },
  {
    rule: 'no-upward-from-store-engine',
    files: {
      'src/store-engine/rows.ts': "import { ROW } from '../store/order-row.js';\nexport const R = ROW;\n",
    },
  },
  {
    rule: 'engine-through-its-door',
    files: {
      'src/store/behind-door.ts': "import { UNIT } from '../store-engine/unit.js';\nexport const B = UNIT;\n",
    },
  },
  {
    rule: 'api-not-to-store',
    files: {
      'src/api/rows.ts': "import type { ROW } from '../store/order-row.js';\nexport type R = typeof ROW;\n",
    },
  },
  {
    rule: 'api-not-to-processing',
    files: {
      'src/processing/acs.ts': 'export const ACS = 1;\n',
      'src/api/challenge.ts': "import { ACS } from '../processing/acs.js';\nexport const C = ACS;\n",
    },
  },
  {
    // The modules that wire the families sit on the composition floor, above the HTTP layer.
    rule: 'no-upward-from-http',
    files: {
      'src/http/wired.ts': "import { APP } from '../modules/http-module.js';\nexport const W = APP;\n",
    },
  },
  {
    rule: 'http-not-to-store',
    files: { 'src/http/rows.ts': "import { ROW } from '../store/order-row.js';\nexport const R = ROW;\n" },
  },
  {
    rule: 'no-circular',
    files: {
      'src/services/one.ts': "import { TWO } from './two.js';\nexport const ONE = () => TWO;\n",
      'src/services/two.ts': "import { ONE } from './one.js';\nexport const TWO = () => ONE;\n",
    },
  },
];

// One tree holds every plant and is cruised once (each cruise loads TypeScript: about 2 s of CPU);
// each rule must then be named against its own planted file.
let planted: { status: number | null; output: string } | undefined;
function plantedRun(): { status: number | null; output: string } {
  if (planted === undefined) {
    plant(Object.assign({ ...CLEAN }, ...PLANTS.map(({ files }) => files)) as Record<string, string>);
    planted = cruise();
  }
  return planted;
}

for (const { rule, files } of PLANTS) {
  test(`a planted violation of ${rule} fails the check`, () => {
    const { status, output } = plantedRun();
    assert.notEqual(status, 0, output);
    const lines = output.split('\n').filter((line) => line.includes(`error ${rule}:`));
    const culprits = Object.keys(files);
    assert.ok(
      lines.some((line) => culprits.some((culprit) => line.includes(culprit))),
      `no ${rule} error names ${culprits.join(' or ')}:\n${output}`,
    );
  });
}
