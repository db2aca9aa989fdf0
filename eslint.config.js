// ESLint flat config: type-aware typescript-eslint rules for all TypeScript, the React hooks rules for the
// renderer, and eslint-config-prettier last so layout is Prettier's alone. `npm run lint` allows no warning.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['out/', 'dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'scripts/fixtures/']),
  js.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // `async` without `await` is how we implement Promise-returning interfaces: a throw becomes a rejection.
      '@typescript-eslint/require-await': 'off',
      // `const { omitted: _, ...rest } = x` is how we drop a key from a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/testing/*-suite.ts'],
    // Vitest's asymmetric matchers (expect.any, expect.objectContaining, …) are typed `any`; a shared suite in testing/ uses them too.
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
  },
  prettier,
);
