// ESLint flat config (docs/design.md §2): typescript-eslint recommended + React hooks rules for the web app,
// the layer rules (eslint-plugin-boundaries), the import-cycle rule (eslint-plugin-import-x) and the
// file-name rules (eslint-plugin-check-file), which `npm run lint` enforces (docs/architecture.md "Layers").
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import checkFile from 'eslint-plugin-check-file';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

/** The sub-folders of `dir` (relative to this file): one element each in the layer rules. */
const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The web features, one element each, so a feature may import itself but no other feature. */
const webFeatures = foldersIn('./apps/web/src/features');
const featureType = (name) => `web-feature-${name}`;

/** The API features, one element each, so a feature reaches another only through its public files. */
const apiFeatures = foldersIn('./apps/api/src/features');
const apiFeatureType = (name) => `api-feature-${name}`;

/**
 * What an API feature may import from another feature: its service (`<f>.service.ts`, the
 * feature's export surface) and the files it declares public (`<f>.kind.ts`, its record kind).
 */
const API_PUBLIC_FILES = '*.@(service|kind).ts';
/** Test files of an API feature (matrix rows, integration tests, type proofs) ... */
const API_TEST_FILES = '*.@(cases.ts|test.ts|test-d.ts)';
/** ... which may also read another feature's rows and factories. */
const API_TEST_READS = '*.@(cases|service|kind).ts';

/**
 * The layers (docs/architecture.md "Layers"): in the web, shared code (`lib/`, `components/`) →
 * features → `app/`, never back, and no feature imports another; the contract imports no app; the
 * API's `lib/` and `db/` import no feature; an API feature imports another only through its public
 * files (tests: also its cases) and the record-kind composition file (`src/record-kinds.ts` or
 * `src/features/record-kinds.ts`, which `lib/` and `db/` may not import). Later policies win over
 * earlier ones.
 */
const layerPolicies = [
  ...webFeatures.map((name) => ({
    from: { element: { type: featureType(name) } },
    disallow: {
      to: {
        element: {
          types: { anyOf: ['web-app', ...webFeatures.filter((other) => other !== name).map(featureType)] },
        },
      },
    },
  })),
  {
    from: { element: { types: { anyOf: ['web-lib', 'web-components'] } } },
    disallow: { to: { element: { types: { anyOf: ['web-app', ...webFeatures.map(featureType)] } } } },
  },
  {
    from: { element: { types: { anyOf: ['api-lib', 'api-db'] } } },
    disallow: { to: { element: { types: { anyOf: ['api-feature', 'api-feature-*'] } } } },
  },
  {
    // The record-kind composition file lists features, so it is a feature import too.
    from: { element: { types: { anyOf: ['api-lib', 'api-db'] } } },
    disallow: { to: { element: { type: 'api', fileInternalPath: 'src/record-kinds.ts' } } },
  },
  ...apiFeatures.flatMap((name) => {
    const others = { anyOf: apiFeatures.filter((other) => other !== name).map(apiFeatureType) };
    return [
      { from: { element: { type: apiFeatureType(name) } }, disallow: { to: { element: { types: others } } } },
      {
        from: { element: { type: apiFeatureType(name) } },
        allow: { to: { element: { types: others, fileInternalPath: API_PUBLIC_FILES } } },
      },
      {
        from: { element: { type: apiFeatureType(name), fileInternalPath: API_TEST_FILES } },
        allow: { to: { element: { types: others, fileInternalPath: API_TEST_READS } } },
      },
    ];
  }),
  {
    from: { element: { type: 'contract' } },
    disallow: { to: { element: { types: { anyOf: ['web*', 'api*'] } } } },
  },
];

/**
 * The roles of a file directly in an API feature folder, `<feature>.<role>.ts` (docs/architecture.md
 * "One feature name in four places"); tests are `<feature>[.<topic>].test.ts` and
 * `<feature>.access.test-d.ts`.
 */
const API_ROLES = [
  'routes',
  'service',
  'queries',
  'seed',
  'cases',
  'kind',
  'live',
  'mail',
  'signin',
  'parser',
  'source',
  'endpoints',
  'probe',
  'snippet',
  'terms',
  'timetable',
  'outlook',
  'settings',
  'calendar',
  'reminders',
  'clubs',
  'cache',
];
/**
 * Files that break the API naming rule and are not renamed yet: the first three are imported by
 * `users.service.ts`, the tests are linked by name from docs/security.md. Rename to
 * `users.<role>.ts` / `users.<topic>.test.ts` with their importers and links, and drop from here.
 */
const API_NAMING_EXCEPTIONS = [
  'apps/api/src/features/users/devices.ts',
  'apps/api/src/features/users/passwords.ts',
  'apps/api/src/features/users/signin-links.ts',
  'apps/api/src/features/users/account-safety.test.ts',
  'apps/api/src/features/users/default-enrolment.test.ts',
  'apps/api/src/features/users/login-cost.test.ts',
  'apps/api/src/features/users/mail-cap.test.ts',
];

/**
 * import-x's `no-cycle` with messages that say what to do (docs/architecture.md "Layers"); the rule
 * itself is unchanged. `{{source}}` is the import (with its line) that leads back to this file.
 */
const noCycle = importX.rules['no-cycle'];
const CYCLE_HELP =
  'move what both need to a third module, or import it from its source (docs/architecture.md "Layers")';
const importXWithHelp = {
  ...importX,
  rules: {
    ...importX.rules,
    'no-cycle': {
      ...noCycle,
      meta: {
        ...noCycle.meta,
        messages: {
          cycle: `Import cycle: the imported module imports this file; ${CYCLE_HELP}`,
          cycleSource: `Import cycle: the imported module leads back to this file via {{source}}; ${CYCLE_HELP}`,
        },
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      '**/drizzle/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The classic hook rules; the compiler-oriented rules of v7 misread react-hook-form's handlers.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/api/src/**/*.ts', 'packages/contract/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      // The first pattern a file matches names its element.
      'boundaries/elements': [
        ...webFeatures.map((name) => ({ type: featureType(name), pattern: `apps/web/src/features/${name}` })),
        { type: 'web-app', pattern: 'apps/web/src/app' },
        { type: 'web-lib', pattern: 'apps/web/src/lib' },
        { type: 'web-components', pattern: 'apps/web/src/components' },
        { type: 'web', pattern: 'apps/web' },
        { type: 'api-lib', pattern: 'apps/api/src/lib' },
        { type: 'api-db', pattern: 'apps/api/src/db' },
        ...apiFeatures.map((name) => ({ type: apiFeatureType(name), pattern: `apps/api/src/features/${name}` })),
        { type: 'api-feature', pattern: 'apps/api/src/features' },
        { type: 'contract', pattern: 'packages/contract' },
        { type: 'api', pattern: 'apps/api' },
      ],
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies: layerPolicies }] },
  },
  {
    // No import cycles (docs/architecture.md "Layers"): a module never reaches itself through its
    // imports. Type-only imports don't count (they vanish at run time); packages in node_modules are not
    // followed. The node resolver finds `./x.ts` and the contract's `@campus/contract/<file>` exports.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importXWithHelp },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // File names: kebab case before the first dot (`ride-card.tsx`, `rides.service.ts`).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    // API features: `<feature>.<role>.ts`, the feature's own name first.
    files: ['apps/api/src/features/*/*.ts'],
    ignores: API_NAMING_EXCEPTIONS,
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        // `<0>`: the first `*` of the pattern, the folder's name.
        { 'apps/api/src/features/*/*.ts': '<0>' },
        {
          ignoreMiddleExtensions: true,
          errorMessage:
            'An API feature file is named <feature>.<role>.ts: "{{ target }}" does not start with its folder\'s name',
        },
      ],
      'check-file/filename-blocklist': [
        'error',
        { [`apps/api/src/features/*/!(*.@(${API_ROLES.join('|')}).ts|*.test.ts|*.access.test-d.ts)`]: '*.service.ts' },
        {
          errorMessage: `"{{ target }}": an API feature file is <feature>.<role>.ts, role one of ${API_ROLES.join(', ')}; tests <feature>[.<topic>].test.ts, <feature>.access.test-d.ts`,
        },
      ],
    },
  },
);
