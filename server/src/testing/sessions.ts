import { menuReach } from '../access/pageAccess';
import type { Kernel } from '../kernel';
import { DEMO_PASSWORD } from '../seed/accounts';
import { signedHeaders } from './signedHeaders';

export interface SignedIn {
  certificate: string;
  authorizationCode: string;
  userInfo: Record<string, unknown>;
  responsibilities: { responsibilityId: number; responsibilityCode: string }[];
}

/** Signs in over HTTP, as the runtime does. */
export async function signIn(baseUrl: string, userName: string, password = DEMO_PASSWORD): Promise<SignedIn> {
  const res = await fetch(`${baseUrl}/api/baseServer/v1/baseLoginRestful/login`, {
    method: 'POST',
    headers: signedHeaders(),
    body: JSON.stringify({ userName, password }),
  });
  const body = (await res.json()) as { status: string; msg: string; data: SignedIn };
  if (res.status !== 200) throw new Error(`sign-in of ${userName} failed: ${res.status} ${body.msg}`);
  return body.data;
}

/**
 * The menu a screen would send for an entity: one granted to the responsibility whose pages use
 * the entity as their main record (else as lines or a reference).
 */
export async function menuFor(
  kernel: Kernel,
  responsibilityId: number,
  entityName: string,
): Promise<number | undefined> {
  let fallback: number | undefined;
  for (const menuId of await kernel.auth.access.grantedMenuIds(responsibilityId)) {
    const menu = await kernel.auth.access.menu(menuId);
    const role = menuReach(kernel.registry, menu?.htmlUrl).entities.get(entityName);
    if (role === 'main') return menuId;
    if (role) fallback ??= menuId;
  }
  return fallback;
}

/** Session, responsibility and menu headers for a call on `resource` as the signed-in user. */
export async function screenHeaders(
  kernel: Kernel,
  session: SignedIn,
  resource: string,
  respCode?: string,
): Promise<Record<string, string>> {
  const resp = respCode
    ? session.responsibilities.find((r) => r.responsibilityCode === respCode)
    : session.responsibilities[0];
  const headers: Record<string, string> = {
    certificate: session.certificate,
    authorizationCode: session.authorizationCode,
  };
  if (!resp) return headers;
  headers.respId = String(resp.responsibilityId);
  const entity = kernel.registry.entityForResource(resource);
  const menuId = entity ? await menuFor(kernel, resp.responsibilityId, entity.name) : undefined;
  if (menuId) headers.menuId = String(menuId);
  return headers;
}
