/**
 * The house's floors (docs/architecture.md), lowest first. A module may import its own floor's
 * folders and the floors below it, never a floor above: data flows down. The exceptions the
 * architecture names are rules of their own below.
 */
const FLOORS = [
  ['src/i18n', 'src/security'],
  ['src/domain'],
  ['src/store-engine'],
  ['src/store', 'src/store-reports'],
  ['src/processing', 'src/config'],
  ['src/services', 'src/sdk'],
  ['src/api', 'src/observability', 'src/jobs', 'src/admin-root\\.ts'],
  ['src/http'],
  // The composition floor: the root and the modules that wire each family (src/modules).
  ['src/docs', 'src/modules', 'src/server\\.ts'],
  ['src/cli'],
];

const pathsOf = (floor) => `^(${floor.join('|')})(/|$)`;

const upward = FLOORS.slice(0, -1).map((floor, index) => ({
  name: `no-upward-from-${floor[0].replace('src/', '').replace('\\.ts', '')}`,
  comment: `${floor.join(', ')} may not import a higher floor (${FLOORS.slice(index + 1)
    .flat()
    .join(', ')}): data flows down the layers`,
  severity: 'error',
  from: { path: pathsOf(floor), pathNot: '\\.test\\.ts$' },
  to: { path: pathsOf(FLOORS.slice(index + 1).flat()) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'api-not-to-store',
      comment: 'an operation reaches data through services, never a repository or a row type',
      severity: 'error',
      from: { path: '^src/api/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/store(-engine|-reports)?/' },
    },
    {
      name: 'api-not-to-processing',
      comment: 'an operation reaches the outside world (3-D Secure, the acquirer) through services',
      severity: 'error',
      from: { path: '^src/api/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/processing/' },
    },
    {
      name: 'http-not-to-store',
      comment: 'the HTTP layer renders views that services hand it, never database rows',
      severity: 'error',
      from: { path: '^src/http/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/store(-engine|-reports)?/' },
    },
    {
      name: 'engine-through-its-door',
      comment:
        'the store engine is reached only through src/store-engine/index.ts (the unit contract, openStore): ' +
        'what lies behind it may change without a repository noticing',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/store-engine/', '\\.test\\.ts$'] },
      to: { path: '^src/store-engine/', pathNot: '^src/store-engine/index\\.ts$' },
    },
    {
      name: 'no-circular',
      comment: 'no circle anywhere: a circle is two modules that cannot be understood apart',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
