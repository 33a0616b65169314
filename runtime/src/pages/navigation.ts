/**
 * URLs between generated pages. Screens carry menuId and respId in the query (docs/architecture.md
 * "Spec: routes and home")
 * so that the page opened from a list keeps the list's button permissions.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useScreen } from '../core/DataProviderContext';

export type Query = Record<string, string | number | undefined | null>;

export function pageUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `/main/${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
}

/**
 * Opens a page of another menu (a document an action just made, such as the order the demand pool
 * created): without the current menuId, so the page resolves the menu that grants it
 * (PageResolver), in the current responsibility.
 */
export function useOpenOtherPage(): (path: string, query?: Query) => void {
  const navigate = useNavigate();
  const { respId } = useScreen();
  return useCallback(
    (path: string, query: Query = {}) => void navigate(pageUrl(path, { ...query, respId })),
    [navigate, respId],
  );
}

/** Opens another page path with the current screen's menuId/respId kept. */
export function useOpenPage(): (path: string, query?: Query) => void {
  const navigate = useNavigate();
  const { menuId, respId } = useScreen();
  return useCallback(
    // A navigation that returns a promise (a data router) is not awaited: opening a page is fire-and-forget.
    (path: string, query: Query = {}) => void navigate(pageUrl(path, { ...query, menuId, respId })),
    [navigate, menuId, respId],
  );
}
