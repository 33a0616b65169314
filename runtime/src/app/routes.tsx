/**
 * Hash routes of DESIGN section 6 / spec 1 section 2: `/` and `/login`, `/forget`, the `/main`
 * shell (behind the session guard) with home as its empty child and every other child a metadata
 * page, and not-found for the rest.
 * (/register, /relocation, /registerInfoEdit and /iframeBox belong to later issues.)
 */
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { NotFound } from '../pages/NotFound';
import { ForgetPage } from './ForgetPage';
import { Home } from './Home';
import { LoginPage } from './LoginPage';
import { RequireSession } from './RequireSession';
import { Shell } from './Shell';

// Pages (and Formily with them) load on demand (spec 1 section 2: page chunks load on demand).
const PageResolver = lazy(() => import('../pages/PageResolver').then((module) => ({ default: module.PageResolver })));

/** `/main/purRequisitionManage/purRequisitionEdit` → page path `purRequisitionManage/purRequisitionEdit`. */
function MetadataPage() {
  const path = useParams()['*'] ?? '';
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
      <PageResolver key={path} path={path} />
    </Suspense>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LoginPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/forget" element={<ForgetPage />} />
      <Route
        path="/main"
        element={
          <RequireSession>
            <Shell />
          </RequireSession>
        }
      >
        <Route index element={<Home />} />
        <Route path="home" element={<Home />} />
        <Route path="*" element={<MetadataPage />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
