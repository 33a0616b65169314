/**
 * Hash routes of DESIGN section 6 / spec 1 section 2: `/` and `/login`, the `/main` shell with
 * home as its empty child and every other child a metadata page, and not-found for the rest.
 * (/forget, /register, /relocation, /registerInfoEdit and /iframeBox belong to later issues.)
 */
import { Route, Routes, useParams } from 'react-router-dom';
import { NotFound } from '../pages/NotFound';
import { PageResolver } from '../pages/PageResolver';
import { Home } from './Home';
import { LoginPlaceholder } from './LoginPlaceholder';
import { Shell } from './Shell';

/** `/main/purRequisitionManage/purRequisitionEdit` → page path `purRequisitionManage/purRequisitionEdit`. */
function MetadataPage() {
  const path = useParams()['*'] ?? '';
  return <PageResolver key={path} path={path} />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LoginPlaceholder />} />
      <Route path="/login" element={<LoginPlaceholder />} />
      <Route path="/main" element={<Shell />}>
        <Route index element={<Home />} />
        <Route path="home" element={<Home />} />
        <Route path="*" element={<MetadataPage />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
