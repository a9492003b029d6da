// ESLint flat config (DESIGN §2): typescript-eslint recommended + React hooks rules for the web app,
// and the layer rules of issue 22 (eslint-plugin-boundaries), which `npm run lint` enforces.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/** The web features, one element each, so a feature may import itself but no other feature. */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureType = (name) => `web-feature-${name}`;

/**
 * The layers (docs/architecture.md "Layers"): in the web, shared code (`lib/`, `components/`) →
 * features → `app/`, never back, and no feature imports another; the contract imports no app; the
 * API's `lib/` and `db/` import no feature.
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
    disallow: { to: { element: { type: 'api-feature' } } },
  },
  {
    from: { element: { type: 'contract' } },
    disallow: { to: { element: { types: { anyOf: ['web-app', 'web-lib', 'web-components', 'api'] } } } },
  },
];

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
      'boundaries/elements': [
        ...webFeatures.map((name) => ({ type: featureType(name), pattern: `apps/web/src/features/${name}` })),
        { type: 'web-app', pattern: 'apps/web/src/app' },
        { type: 'web-lib', pattern: 'apps/web/src/lib' },
        { type: 'web-components', pattern: 'apps/web/src/components' },
        { type: 'api-lib', pattern: 'apps/api/src/lib' },
        { type: 'api-db', pattern: 'apps/api/src/db' },
        { type: 'api-feature', pattern: 'apps/api/src/features' },
        { type: 'contract', pattern: 'packages/contract' },
        { type: 'api', pattern: 'apps/api' },
      ],
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies: layerPolicies }] },
  },
);
