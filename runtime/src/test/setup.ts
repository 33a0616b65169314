// Same first import as main.tsx: without it antd's message/Modal render nothing on React 19.
import '@ant-design/v5-patch-for-react-19';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { i18n } from '../i18n';

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await i18n.changeLanguage('CN');
});

afterEach(() => {
  cleanup();
});
