/**
 * Hash routes of docs/architecture.md "Runtime", "Spec: routes and home": `/` and `/login`, `/forget`, `/relocation`,
 * the `/main` shell (behind the session guard) with home as its empty child, `iframe`, and every
 * other child a metadata page, `/iframeBox{path}`, and not-found for the rest.
 */
import { Route, Routes, useParams } from 'react-router-dom';
import { NotFound } from '../pages/NotFound';
import { CHANGE_PASSWORD_PATH } from './authPaths';
import { lazyChunk, lazyModule } from './chunkLoader';
import { extensionRoutes } from './extensions';
import { LoginPage } from './LoginPage';
import { RelocationPage } from './RelocationPage';
import { RequireSession } from './RequireSession';
import { loadShellParts } from './shellLoader';

// Only the login page is eager (the initial-load budget, runtime/initialLoad.test.ts): the shell,
// home and embedded pages come in one chunk (shellLoader), fetched once the user starts to sign
// in; the forgotten-password page on demand.
const shellPart = lazyModule(loadShellParts);
const Shell = shellPart((module) => module.Shell);
const Home = shellPart((module) => module.Home);
const EmbeddedPage = shellPart((module) => module.EmbeddedPage);
const ForgetPage = lazyChunk(() => import('./ForgetPage').then((module) => module.ForgetPage));
const ChangePasswordPage = lazyChunk(() => import('./ChangePasswordPage').then((module) => module.ChangePasswordPage));

// Pages (and Formily with them) load on demand, with the spec's time-out and Retry (chunkLoader).
const PageResolver = lazyChunk(() => import('../pages/PageResolver').then((module) => module.PageResolver));

/** `/main/purRequisitionManage/purRequisitionEdit` → page path `purRequisitionManage/purRequisitionEdit`. */
function MetadataPage() {
  const path = useParams()['*'] ?? '';
  return <PageResolver key={path} path={path} />;
}

/**
 * Children of /main. The shell renders them once per open tab, each for its own URL (keep-alive),
 * so add screens of the shell here.
 */
const shellRoutes = (
  <>
    <Route index element={<Home />} />
    <Route path="home" element={<Home />} />
    <Route path="iframe" element={<EmbeddedPage />} />
    <Route path="*" element={<MetadataPage />} />
  </>
);

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LoginPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/forget" element={<ForgetPage />} />
      <Route path={CHANGE_PASSWORD_PATH} element={<ChangePasswordPage />} />
      {extensionRoutes().map(({ path, component: Page, requiresSession }) => (
        <Route
          key={path}
          path={path}
          element={
            requiresSession ? (
              <RequireSession>
                <Page />
              </RequireSession>
            ) : (
              <Page />
            )
          }
        />
      ))}
      <Route path="/relocation" element={<RelocationPage />} />
      <Route
        path="/main/*"
        element={
          <RequireSession>
            <Shell routes={shellRoutes} />
          </RequireSession>
        }
      />
      <Route
        path="/iframeBox/*"
        element={
          <RequireSession>
            <EmbeddedPage fullWindow />
          </RequireSession>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
