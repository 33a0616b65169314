// Must come first: React 19 + antd 5 need the patch or message/Modal.confirm render nothing
// (docs/architecture.md "Trap: React 19 and antd 5").
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { watchPreloadErrors } from './app/chunkLoader';
import { registerSrm } from './srm';

// Before anything loads on demand: a failed stylesheet chunk is reported as CSS_CHUNK_LOAD_FAILED.
watchPreloadErrors();

// The domains' additions to the shell (the platform never imports them): before the first render.
registerSrm();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
