import { evaluateFilter, parentLink, supplierAccess, type EntityModel } from '@meridian/metadata';
import type { Row } from '../db/sqlExecutor';
import type { TestServer } from './testServer';

/**
 * Which rows a principal should see, worked out from the metadata and the stored rows in memory —
 * independently of the server's filter compiler, so the generated security suite compares the API
 * against an oracle rather than against itself. `denied` means the entity is closed to them.
 */
export type Visible = Set<number> | 'denied';

export class ScopeOracle {
  private readonly rowCache = new Map<string, Row[]>();

  constructor(private readonly server: TestServer) {}

  /** Every stored row of the entity under field names (demo tables are small). */
  async rows(entity: EntityModel): Promise<Row[]> {
    const cached = this.rowCache.get(entity.name);
    if (cached) return cached;
    const raw = await this.server.kernel.db.select(`SELECT * FROM ${entity.table}`);
    const rows = raw.map((r) => Object.fromEntries(entity.fields.map((f) => [f.name, r[f.column]])));
    this.rowCache.set(entity.name, rows);
    return rows;
  }

  forget(entity: EntityModel): void {
    this.rowCache.delete(entity.name);
  }

  private async ids(entity: EntityModel, keep: (row: Row) => boolean): Promise<Set<number>> {
    return new Set((await this.rows(entity)).filter(keep).map((r) => Number(r[entity.primaryKey])));
  }

  private header(entity: EntityModel) {
    return parentLink(entity, (name) => this.server.kernel.registry.entity(name));
  }

  async supplier(entity: EntityModel, supplierId: number, reading = true): Promise<Visible> {
    const scope = entity.def.rowScope;
    switch (supplierAccess(entity.def)) {
      case 'own':
        return this.ids(
          entity,
          (r) =>
            Number(r[scope!.supplierField!]) === supplierId &&
            evaluateFilter(scope!.supplierVisible, r, { user: { supplierId } }),
        );
      case 'shared':
        return reading ? this.ids(entity, () => true) : 'denied';
      case 'parent': {
        const link = this.header(entity);
        const headers = link && reading ? await this.supplier(link.header, supplierId) : 'denied';
        if (headers === 'denied') return 'denied';
        return this.ids(entity, (r) => headers.has(Number(r[link!.foreignKey])));
      }
      default:
        return 'denied';
    }
  }

  async internal(entity: EntityModel, orgs: number[]): Promise<Set<number>> {
    const scope = entity.def.rowScope;
    const link = scope?.fromParent ? this.header(entity) : undefined;
    const headers = link ? await this.internal(link.header, orgs) : undefined;
    return this.ids(
      entity,
      (r) =>
        (!scope?.orgField || orgs.includes(Number(r[scope.orgField]))) &&
        evaluateFilter(scope?.internalVisible, r, {}) &&
        (!headers || headers.has(Number(r[link!.foreignKey]))),
    );
  }
}
