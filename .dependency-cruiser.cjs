/**
 * The layer rules (ARCHITECTURE.md): domain → platform → engines (gateway, bridge, registry) → app → hosts
 * → preload/renderer. Imports only point down. Tests and test helpers may reach across engines to set up
 * real peers, but production code may not. `npm run lint:deps` (part of `npm test`) fails on any breach.
 */
const TEST = '(\\.test\\.tsx?$|/testing/|/test-support\\.ts$|/test-io\\.ts$|/image-fixtures\\.ts$)';
const APP = '^main/(services|clients|playground|bridge-host|collections|mock)/';
const HOSTS = '^main/(electron|web|cli)/';

/** A rule that forbids `from` (production code only) to import `to`. */
const forbid = (name, comment, from, to, extra = {}) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: TEST },
  to: { path: to, ...extra },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes two modules one; split what they share into a lower module.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      comment: 'A module nothing imports is dead code (entry points, configs and tests excepted).',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: [
          TEST,
          '\\.d\\.ts$',
          '(^|/)(vitest|playwright|electron\\.vite)\\.config\\.ts$',
          '^\\.dependency-cruiser\\.cjs$',
          '^eslint\\.config\\.(m?js|ts)$',
          '^knip\\.(json|ts)$',
          '^scripts/',
          '^e2e/',
          '^interop/',
          '^main/electron/index\\.ts$',
          '^main/cli/companion\\.ts$',
          '^preload/index\\.ts$',
          '^renderer/src/main\\.tsx$',
        ],
      },
      to: {},
    },
    forbid(
      'domain-is-pure',
      'domain/ is pure TypeScript: it imports only itself (and pure libraries), not the package manifest either (the app version comes from platform/app-version.ts).',
      '^domain/',
      '^(platform|gateway|bridge|registry|main|preload|renderer|e2e|scripts|interop)/|^package\\.json$',
    ),
    {
      name: 'no-node-in-domain-or-renderer',
      comment: 'domain/ and renderer/ run in the page: no Node built-ins.',
      severity: 'error',
      from: { path: '^(domain|renderer)/', pathNot: TEST },
      to: { dependencyTypes: ['core'] },
    },
    forbid(
      'platform-below-engines',
      'platform/ is OS glue for everything above it: it imports only domain/ and itself.',
      '^platform/',
      '^(gateway|bridge|registry|github|main|preload|renderer|e2e|scripts|interop)/',
    ),
    forbid(
      'gateway-is-an-engine',
      'An engine imports only domain/, platform/ and libraries, never another engine or the app.',
      '^gateway/',
      '^(bridge|registry|github|main|preload|renderer|e2e|scripts|interop)/',
    ),
    forbid(
      'bridge-is-an-engine',
      'An engine imports only domain/, platform/ and libraries, never another engine or the app.',
      '^bridge/',
      '^(gateway|registry|github|main|preload|renderer|e2e|scripts|interop)/',
    ),
    forbid(
      'registry-is-an-engine',
      'An engine imports only domain/, platform/ and libraries, never another engine or the app.',
      '^registry/',
      '^(gateway|bridge|github|main|preload|renderer|e2e|scripts|interop)/',
    ),
    forbid(
      'github-is-an-engine',
      'An engine imports only domain/, platform/ and libraries, never another engine or the app.',
      '^github/',
      '^(gateway|bridge|registry|main|preload|renderer|e2e|scripts|interop)/',
    ),
    forbid(
      'app-below-hosts',
      'The app (services, assistant configs, playground, collections, engine composition) never imports a host.',
      APP,
      `${HOSTS}|^(preload|renderer|e2e|scripts|interop)/`,
    ),
    forbid(
      'hosts-are-independent',
      'The Electron, browser-mode and CLI hosts each wire the app to one transport; none imports another.',
      '^main/web/',
      '^main/(electron|cli)/',
    ),
    forbid('cli-host-alone', 'The CLI host does not import the other hosts.', '^main/cli/', '^main/electron/'),
    forbid(
      'main-not-up',
      'main/ never imports the preload, the renderer or test code.',
      '^main/',
      '^(preload|renderer|e2e|scripts|interop)/',
    ),
    forbid(
      'preload-forwards-only',
      'The preload forwards channel names: it imports only domain/.',
      '^preload/',
      '^(platform|gateway|bridge|registry|main|renderer)/',
    ),
    forbid(
      'renderer-only-domain',
      'The renderer imports only domain/ and its own files.',
      '^renderer/',
      '^(platform|gateway|bridge|registry|main|preload|e2e|scripts|interop)/',
    ),
    {
      name: 'production-never-imports-tests',
      comment: 'Test helpers stay out of what ships.',
      severity: 'error',
      from: { pathNot: `${TEST}|^(e2e|scripts|interop)/` },
      to: { path: TEST },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|out|dist|test-results)/|^scripts/fixtures/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
