/**
 * Session-level actions behind /iframeBox and /main/iframe (docs/architecture.md "Spec: routes and home"):
 * sealParams turns
 * an embedded link (address, original query, pageName, menuId, respId; M=V) into the opaque
 * actionId of the URL, openParams turns it back. Only the sealing session can open it, so a
 * crafted or forwarded link can neither read the parameters nor embed an address of its choosing.
 */
import { isEmbeddableUrl, MAX_EMBED_URL } from '@meridian/metadata';
import { Errors } from '../http/apiError';
import type { Kernel } from '../kernel';
import type { ActionRegistry, ActionRequest } from './actionRegistry';
import { loadAppSecret, open, seal, type EmbedParams } from './embedSeal';

const secrets = new Map<string, Buffer>();

function secretOf(kernel: Kernel): Buffer {
  const dir = kernel.config.dataDir;
  let secret = secrets.get(dir);
  if (!secret) secrets.set(dir, (secret = loadAppSecret(dir)));
  return secret;
}

const idText = (value: unknown): string => (value === undefined || value === null || value === '' ? '' : String(value));

function textParam(value: unknown, name: string, max: number): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || value.length > max) throw Errors.badRequest(`${name} 无效`, `${name} is not valid`);
  return value;
}

async function sealable(body: Record<string, unknown>, kernel: Kernel, req: ActionRequest): Promise<EmbedParams> {
  if (!isEmbeddableUrl(body.url)) {
    throw Errors.badRequest('只能嵌入 http 或 https 地址', 'Only http or https addresses can be embedded');
  }
  const menuId = idText(body.menuId);
  const respId = idText(body.respId);
  if (!/^\d*$/.test(menuId) || !/^\d*$/.test(respId))
    throw Errors.badRequest('菜单或职责无效', 'The menu or responsibility is not valid');
  if (respId) {
    const held = await kernel.auth.access.responsibilities(req.identity!.user, 'CN');
    if (!held.some((r) => String(r.responsibilityId) === respId))
      throw Errors.forbidden('您没有该职责', 'You do not hold this responsibility');
  }
  return {
    url: body.url,
    query: textParam(body.query, 'query', MAX_EMBED_URL).replace(/^\?/, ''),
    pageName: textParam(body.pageName, 'pageName', 100) || 'PAGE',
    M: 'V',
    menuId,
    respId,
  };
}

export function registerEmbedActions(actions: ActionRegistry): void {
  actions.register({
    area: 'baseServer',
    resource: 'baseEmbedRestful',
    action: 'sealParams',
    access: 'session',
    handler: async (body, _ctx, kernel, req) => {
      const params = await sealable(body, kernel, req);
      return { data: { actionId: seal(params, secretOf(kernel), req.identity!.session.sessionId) } };
    },
  });
  actions.register({
    area: 'baseServer',
    resource: 'baseEmbedRestful',
    action: 'openParams',
    access: 'session',
    handler: async (body, _ctx, kernel, req) => {
      const opened =
        typeof body.actionId === 'string'
          ? open(body.actionId, secretOf(kernel), req.identity!.session.sessionId)
          : undefined;
      // Re-checked on the way out too: a secret leaked to someone must still not embed javascript:.
      if (!opened || !isEmbeddableUrl(opened.url)) {
        throw Errors.badRequest(
          '链接参数无效或不属于当前会话，请从菜单重新打开',
          'The link parameters are not valid or belong to another session; open the page from the menu again',
        );
      }
      return { data: opened };
    },
  });
}
