import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'metadata',
    root: __dirname,
    environment: 'node',
    include: ['src/**/*.test.ts', '../generators/**/*.test.ts'],
  },
});
