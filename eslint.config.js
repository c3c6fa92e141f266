import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // process.env is read in one place only (docs/architecture.md "Layers and modules").
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through config.ts' },
      ],
    },
  },
  {
    // Import boundaries (docs/architecture.md "Layers and modules"): imports flow one way, shared → features → app (web) and
    // shared → modules → app (api). Imports inside one element (a feature, a module) are not checked.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/api/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      // Resolve specifiers as tsc does, so `./repository.js` in the API finds repository.ts.
      'import/resolver': {
        typescript: { project: ['apps/web/tsconfig.json', 'apps/api/tsconfig.json'], noWarnOnMultipleProjects: true },
      },
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': [
        { type: 'web-app', pattern: 'apps/web/src/app' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-shared', pattern: 'apps/web/src/{components,lib}' },
        { type: 'api-module', pattern: 'apps/api/src/modules/*', capture: ['module'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              // What two features need together is composed in app/, not by one importing the other.
              from: { element: { type: 'web-feature' } },
              disallow: { to: { element: { type: 'web-feature' } } },
              message:
                'Feature {{from.element.captured.feature}} imports feature {{to.element.captured.feature}}: a feature never imports another; compose them in app/ or move what they share to components/ or lib/',
            },
            {
              // app/ composes features; a feature that reached back into it would make a cycle.
              from: { element: { type: 'web-feature' } },
              disallow: { to: { element: { type: 'web-app' } } },
              message:
                'Feature {{from.element.captured.feature}} imports app/: app/ composes features, never the other way round',
            },
            {
              // components/ and lib/ carry no business knowledge, so they sit below every feature.
              from: { element: { type: 'web-shared' } },
              disallow: { to: { element: { types: ['web-feature', 'web-app'] } } },
              message: 'components/ and lib/ import no feature and nothing from app/',
            },
            {
              // A module's repository and routes are its own; other modules go through its service.
              from: { element: { type: 'api-module' } },
              disallow: { to: { element: { type: 'api-module', fileInternalPath: ['repository.ts', 'routes.ts'] } } },
              message:
                "Module {{from.element.captured.module}} imports {{to.element.captured.module}}/{{to.element.fileInternalPath}}: a module never reaches into another's repository or routes; call its service",
            },
          ],
        },
      ],
    },
  },
);
