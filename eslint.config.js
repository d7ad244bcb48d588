// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/** Every way of naming a Node built-in: `fs`, `fs/promises`, `node:fs`, `node:sqlite`. */
const nodeBuiltins = [
  ...new Set([
    ...builtinModules,
    ...builtinModules.map((m) => (m.startsWith('node:') ? m : `node:${m}`)),
    'node:*',
  ]),
];

const noNode = {
  group: nodeBuiltins,
  message: 'This room runs without Node: no node:* or built-in module imports here.',
};
const noElectron = {
  group: ['electron', 'electron/*', '@electron/*', '**/electron/**', '../electron', '../../electron'],
  message: 'Only electron/ may import Electron or the main-process code.',
};
const noService = {
  group: ['**/service/**', '../service', '../../service'],
  message: 'The renderer talks to the main process through the bridge, never to service/ directly.',
};

/** Room boundaries (design/ARCHITECTURE.md): shared <- service <- electron; shared <- renderer. */
export const roomRules = [
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noNode, noElectron, noService] }] },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/vite.config.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noNode, noElectron, noService] }] },
  },
  {
    files: ['service/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noElectron] }] },
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'out/**',
      'dist/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  ...roomRules,
  prettier,
);
