/**
 * docs/architecture.md "Spec: routes and home": after every route change a loading bar is shown and the view
 * scrolls to the top.
 * A thin bar at the top of the window runs for a moment on each change of path or query.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

const BAR_MS = 400;

export function useRouteProgress(): boolean {
  const location = useLocation();
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setLoading(true);
    globalThis.scrollTo?.({ top: 0 });
    const timer = setTimeout(() => setLoading(false), BAR_MS);
    return () => clearTimeout(timer);
  }, [location.pathname, location.search]);
  return loading;
}

export function RouteProgress() {
  const loading = useRouteProgress();
  return (
    <div
      aria-hidden
      data-loading={loading ? 'true' : 'false'}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 2,
        zIndex: 2000,
        background: '#1677ff',
        pointerEvents: 'none',
        width: loading ? '80%' : '100%',
        opacity: loading ? 1 : 0,
        transition: loading ? `width ${BAR_MS}ms ease-out` : 'opacity 300ms ease-in',
      }}
    />
  );
}
