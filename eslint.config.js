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
    // The order tables belong to the orders module (docs/architecture.md "Layers and modules"): every other file
    // reads or changes an order through modules/orders/service.ts — tests too, through its test-support.ts.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/modules/orders/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)db/schema(\\.js)?$',
              importNames: ['orders', 'orderLines', 'shopDayFigures'],
              message: 'The order tables belong to modules/orders: call its service (modules/orders/service.ts)',
            },
          ],
        },
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
        // Tests come first: a test file may use any fixture it needs, its own layer's or another's.
        { type: 'api-test', pattern: 'apps/api/src/**/*.{test,pg-test}.ts', mode: 'file' },
        { type: 'api-module', pattern: 'apps/api/src/modules/*', capture: ['module'] },
        { type: 'api-test-kit', pattern: 'apps/api/src/test' },
        { type: 'api-lib', pattern: 'apps/api/src/lib' },
        { type: 'api-db', pattern: 'apps/api/src/db' },
        { type: 'api-plugin', pattern: 'apps/api/src/plugins' },
        { type: 'api-web', pattern: 'apps/api/src/web' },
        { type: 'api-job', pattern: 'apps/api/src/jobs' },
        { type: 'api-context', pattern: 'apps/api/src/context.ts', mode: 'file' },
        { type: 'api-config', pattern: 'apps/api/src/config*.ts', mode: 'file' },
        { type: 'api-app', pattern: 'apps/api/src/*.ts', mode: 'file' },
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
              // A module's files are its own; other modules, jobs, the web layer and context.ts go through its
              // service.ts, the app files also through its routes (registered by app.ts).
              from: { element: { types: ['api-module', 'api-job', 'api-web', 'api-context', 'api-app'] } },
              disallow: { to: { element: { type: 'api-module' } } },
              message:
                "{{from.element.type}} imports {{to.element.captured.module}}/{{to.element.fileInternalPath}}: a module's service.ts is its only public face; call it",
            },
            {
              from: { element: { types: ['api-module', 'api-job', 'api-web', 'api-app'] } },
              allow: { to: { element: { type: 'api-module', fileInternalPath: 'service.ts' } } },
            },
            {
              // context.ts declares what every module gets: it may name a module service's types, no code.
              from: { element: { type: 'api-context' } },
              allow: { to: { element: { type: 'api-module', fileInternalPath: 'service.ts' } }, dependency: { kind: 'type' } },
            },
            {
              from: { element: { type: 'api-app' } },
              allow: { to: { element: { type: 'api-module', fileInternalPath: ['routes.ts', 'admin-routes.ts'] } } },
            },
            {
              // The layers of the API, lowest first: config → lib → db → context → plugins → modules → jobs, web → app.
              // Each imports only from below it (docs/architecture.md "Layers and modules").
              from: { element: { type: 'api-lib' } },
              disallow: { to: { element: { types: ['api-db', 'api-context', 'api-plugin', 'api-module', 'api-web', 'api-job', 'api-app'] } } },
              message: 'lib/ sits below the database and every module: it imports only config and other lib/ files',
            },
            {
              from: { element: { type: 'api-db' } },
              disallow: { to: { element: { types: ['api-context', 'api-plugin', 'api-module', 'api-web', 'api-job', 'api-app'] } } },
              message: 'db/ imports only config and lib/: modules call the database, never the other way round',
            },
            {
              from: { element: { type: 'api-context' } },
              disallow: { to: { element: { types: ['api-plugin', 'api-web', 'api-job', 'api-app'] } } },
              message: 'context.ts imports nothing from above it (a module service\'s types at most)',
            },
            {
              from: { element: { type: 'api-plugin' } },
              disallow: { to: { element: { types: ['api-module', 'api-web', 'api-job', 'api-app'] } } },
              message: 'plugins/ are infrastructure (auth, errors, limits, headers): they import no module, job or app file',
            },
            {
              from: { element: { type: 'api-module' } },
              disallow: { to: { element: { types: ['api-web', 'api-job', 'api-app'] } } },
              message: 'A module imports nothing from web/, jobs/ or the app files above it',
            },
            {
              from: { element: { types: ['api-job', 'api-web'] } },
              disallow: { to: { element: { types: ['api-job', 'api-web', 'api-app'] } } },
              message: 'jobs/ and web/ call module services; they import neither each other nor the app files',
            },
          ],
        },
      ],
    },
  },
);
