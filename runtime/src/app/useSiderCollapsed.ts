/**
 * Whether the shell's menu sider is collapsed, remembered per browser (localStorage): a user who
 * prefers the room keeps it across sign-ins. Only the user's own clicks are remembered; a narrow
 * window collapses the sider for the moment without changing the preference.
 */
import { useCallback, useState } from 'react';

export const SIDER_COLLAPSED_KEY = 'meridian.siderCollapsed';

function readPreference(): boolean {
  try {
    return globalThis.localStorage?.getItem(SIDER_COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function useSiderCollapsed(): [boolean, (collapsed: boolean, type: 'clickTrigger' | 'responsive') => void] {
  const [collapsed, setCollapsed] = useState(readPreference);
  const change = useCallback((next: boolean, type: 'clickTrigger' | 'responsive') => {
    // antd reports the window's width at mount too: a wide window must not undo the preference.
    if (type === 'responsive') {
      setCollapsed(next || readPreference());
      return;
    }
    setCollapsed(next);
    try {
      globalThis.localStorage?.setItem(SIDER_COLLAPSED_KEY, next ? '1' : '0');
    } catch {
      /* storage disabled: the choice lasts until the page reloads */
    }
  }, []);
  return [collapsed, change];
}
