/** Variables that showWhen/disableWhen filters may name: $user.* and $resp.id. */
import type { ScreenIds } from './request';
import { SESSION_KEYS, getResponsibilityId } from './session';
import type { FilterVars } from './evaluateFilter';

function storedUserInfo(): Record<string, unknown> {
  try {
    const text = globalThis.sessionStorage?.getItem(SESSION_KEYS.userInfo);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function currentFilterVars(screen: ScreenIds = {}): FilterVars {
  return { user: storedUserInfo(), resp: { id: screen.respId || getResponsibilityId() } };
}
