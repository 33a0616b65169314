import { defineConfig } from 'vitest/config';
import { SERIAL_TESTS, serverProject } from './vitest.config';

// The server test files that run one at a time after the others (see SERIAL_TESTS).
export default defineConfig(serverProject('server-serial', SERIAL_TESTS, [], true));
