import { defineConfig } from 'vitest/config';
import { ISOLATED_TESTS, runtimeProject } from './vitest.config';

// The runtime test files that run each in a fresh module graph and window (see ISOLATED_TESTS).
export default defineConfig(runtimeProject('runtime-isolated', ISOLATED_TESTS, [], true));
