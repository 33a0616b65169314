import type { EntityModel, FilterNode } from '@meridian/metadata';
import type { SessionRow, SessionStore } from '../auth/sessionStore';
import { passwordChangeFirst, passwordChangeRequired } from '../auth/passwordChange';
import { sha256 } from '../auth/tokens';
import { Errors } from '../http/apiError';
import type { ResourceContext } from '../resource/context';
import { AccessService, inForce, isSupplierType, type UserRow } from './accessService';
import { menuReach, requiredResource, type MenuReach } from './pageAccess';
import { pickerFields } from './pickerFields';
import { internalScope, NO_ROWS, supplierScope } from './rowScopeRules';

export interface Identity {
  session: SessionRow;
  user: UserRow;
}

export type Headers = Record<string, string | string[] | undefined>;
const header = (headers: Headers, name: string) => {
  const v = headers[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

export interface MenuGrant {
  responsibilityId: number;
  menuId: number;
  reach: MenuReach;
}

const READS = new Set(['findById', 'listByPage']);

/**
 * The server-side authorization of every call (docs/architecture.md "Authorization chain"): a live session;
 * the user holds
 * respId; the responsibility's roles grant menuId; the menu's pages use the entity; writes and
 * lifecycle actions need the action's resourceCode on menuId_respId; supplier users only reach
 * their own supplier's rows. Hiding a button in the runtime is never the protection.
 */
export class PermissionGuard {
  constructor(
    readonly access: AccessService,
    readonly sessions: SessionStore,
  ) {}

  async identify(headers: Headers): Promise<Identity | undefined> {
    const certificate = header(headers, 'certificate');
    if (!certificate) return undefined;
    const found = await this.access.sessionWithUser(sha256(certificate));
    if (!found || !inForce(found.user)) return undefined;
    const session = await this.sessions.check(found.session, found.user.userId, header(headers, 'authorizationcode'));
    return session && { session, user: found.user };
  }

  /**
   * A live session, closed to everything but the change-password screen's calls
   * (`duringPasswordChange`) while the user's password is a temporary one (auth/passwordChange.ts).
   */
  async requireIdentity(headers: Headers, options: { duringPasswordChange?: boolean } = {}): Promise<Identity> {
    const identity = await this.identify(headers);
    if (!identity)
      throw Errors.unauthorized('登录已失效，请重新登录', 'Your session has expired or is not valid. Sign in again.');
    if (!options.duringPasswordChange && passwordChangeRequired(identity.user)) throw passwordChangeFirst();
    return identity;
  }

  /** The held responsibility named by the respId header. */
  async responsibility(identity: Identity, headers: Headers, language: 'CN' | 'EN'): Promise<number> {
    const respId = Number(header(headers, 'respId'));
    if (!Number.isSafeInteger(respId) || respId <= 0)
      throw Errors.forbidden('请选择职责后再操作', 'No responsibility was given (respId header)');
    const held = await this.access.responsibilities(identity.user, language);
    if (!held.some((r) => r.responsibilityId === respId))
      throw Errors.forbidden('您没有该职责', 'You do not hold this responsibility');
    return respId;
  }

  async menuGrant(identity: Identity, headers: Headers, language: 'CN' | 'EN'): Promise<MenuGrant> {
    const responsibilityId = await this.responsibility(identity, headers, language);
    const menuId = Number(header(headers, 'menuId'));
    if (!Number.isSafeInteger(menuId) || menuId <= 0)
      throw Errors.forbidden('请从菜单打开该功能', 'Open this screen from its menu (menuId header)');
    const menu = await this.access.menu(menuId);
    if (!menu || menu.enabled !== 'Y' || !(await this.access.grantedMenuIds(responsibilityId)).has(menuId)) {
      throw Errors.forbidden('该职责没有此菜单', 'This menu is not granted to your responsibility');
    }
    return { responsibilityId, menuId, reach: menuReach(this.access.registry, menu.htmlUrl) };
  }

  /** A custom action that needs a menu: the menu must reach one of `pages`, with `resourceCode` granted. */
  async authorizeCustom(
    identity: Identity,
    headers: Headers,
    need: { pages: string[]; resourceCode?: string },
    ctx: ResourceContext,
  ): Promise<void> {
    const grant = await this.menuGrant(identity, headers, ctx.language);
    if (!grant.reach.pages.some((p) => need.pages.includes(p.path)))
      throw Errors.forbidden('该菜单不提供此操作', 'This menu does not offer this action');
    if (
      need.resourceCode &&
      !(await this.access.grantedResources(grant.responsibilityId, grant.menuId)).has(need.resourceCode)
    ) {
      throw Errors.forbidden(
        '您没有此按钮的权限',
        `You do not have the "${need.resourceCode}" permission on this menu`,
      );
    }
  }

  /** Authorizes a generic or lifecycle action on an entity; returns the row scope to apply. */
  async authorizeEntityAction(
    identity: Identity,
    headers: Headers,
    entity: EntityModel,
    action: string,
    ctx: ResourceContext,
  ): Promise<FilterNode | undefined> {
    const grant = await this.menuGrant(identity, headers, ctx.language);
    const role = grant.reach.entities.get(entity.name);
    if (!role) throw Errors.forbidden('该菜单不能访问此数据', `This menu does not use ${entity.name}`);
    const reading = READS.has(action);
    // Shared reference data (materials, lookups) is read whole; other records only as a picker needs —
    // a reference picker, and a line pick (FormLines.pick) whose button the menu grants.
    if (reading && role === 'reference' && !entity.def.rowScope?.shared)
      ctx.projection = await this.readableAsReference(grant, entity);
    if (!reading) {
      const code = role === 'main' ? requiredResource(this.access.registry, grant.reach, entity, action) : undefined;
      if (!code) throw Errors.forbidden('该菜单不提供此操作', `"${action}" is not offered on this menu`);
      const granted = await this.access.grantedResources(grant.responsibilityId, grant.menuId);
      if (!granted.has(code))
        throw Errors.forbidden('您没有此按钮的权限', `You do not have the "${code}" permission on this menu`);
    }
    return this.rowScope(identity, entity, reading, ctx);
  }

  /** A reference's picker fields, and the fields of every line pick of the menu whose button is granted. */
  private async readableAsReference(grant: MenuGrant, entity: EntityModel): Promise<ReadonlySet<string>> {
    const fields = pickerFields(this.access.registry, entity);
    const picks = grant.reach.picks.get(entity.name);
    if (!picks?.length) return fields;
    const granted = await this.access.grantedResources(grant.responsibilityId, grant.menuId);
    const held = picks.filter((p) => granted.has(p.resourceCode));
    return held.length ? new Set([...fields, ...held.flatMap((p) => [...p.fields])]) : fields;
  }

  /**
   * The rows the caller may reach (docs/developer-guide.md, "Row scope"), closed by default: a
   * supplier user reaches only what the entity's rowScope opens to them; an internal user is
   * limited by organisation and category permits where the entity names those fields.
   */
  async rowScope(
    identity: Identity,
    entity: EntityModel,
    reading: boolean,
    ctx: ResourceContext,
  ): Promise<FilterNode | undefined> {
    const { registry } = this.access;
    if (!isSupplierType(identity.user.userType)) {
      const permits = await this.access.permits(identity.user);
      ctx.scopeFor = (target) => internalScope(registry, target, permits);
      return internalScope(registry, entity, permits);
    }
    ctx.scopeFor = (target) => {
      const read = supplierScope(registry, target, true);
      return 'denied' in read ? NO_ROWS : read.filter;
    };
    const scope = supplierScope(registry, entity, reading);
    if ('denied' in scope) {
      throw reading
        ? Errors.forbidden('供应商用户不能查看此数据', `Supplier users cannot read ${entity.name}`)
        : Errors.forbidden('供应商用户不能修改此数据', 'Supplier users cannot change this data');
    }
    if (!scope.own) return scope.filter;
    if (!identity.user.supplierId)
      throw Errors.forbidden('账号未绑定供应商', 'This supplier account is not bound to a supplier');
    ctx.scopeValues = { [scope.own]: identity.user.supplierId };
    return scope.filter;
  }
}
