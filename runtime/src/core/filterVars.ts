/** Variables that showWhen/disableWhen filters and context defaults may name. */
import { contextVariables } from '@meridian/metadata';
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

/** $user.*, $resp.id, $today and $now: what show rules and new records' defaults read (metadata's contextVariables). */
export function currentFilterVars(screen: ScreenIds = {}): FilterVars {
  return contextVariables(storedUserInfo(), screen.respId || getResponsibilityId());
}
