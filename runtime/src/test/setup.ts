// Same first import as main.tsx: without it antd's message/Modal render nothing on React 19.
import '@ant-design/v5-patch-for-react-19';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { i18n } from '../i18n';
// The designer's strings, which the app adds when the designer's chunk loads: tests render its parts directly.
import '../modeling/texts';
import { registerSrm } from '../srm';

// The application as main.tsx starts it: the SRM domains' widgets, routes and header items.
registerSrm();

// findBy*/waitFor wait up to 5 s (default 1 s): on a loaded machine the first render of a page,
// its lazy chunk and Formily's set-up can take longer than a second; passing tests are not slower.
configure({ asyncUtilTimeout: 5000 });

beforeEach(async () => {
  // A desktop window (happy-dom's default is 1024 px, under which the shell folds its menu).
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({
    width: 1280,
    height: 800,
  });
  localStorage.clear();
  sessionStorage.clear();
  await i18n.changeLanguage('CN');
});

afterEach(() => {
  cleanup();
});
