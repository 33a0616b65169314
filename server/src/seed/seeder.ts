import * as fs from 'node:fs';
import * as path from 'node:path';
import type { LookupTypeDef, MenuDef } from '@meridian/metadata';
import type { EntityModel, MetadataRegistry } from '@meridian/metadata/node';
import type { Database, SqlExecutor } from '../db/sqlExecutor';
import type { RecordValues } from '../hooks/recordHooks';
import { systemContext } from '../resource/context';
import type { ResourceWriter } from '../resource/resourceWriter';

export const DEMO_SEED_DIR = path.resolve(__dirname, '..', '..', '..', 'seeds', 'demo');
export const BASE_SEED_DIR = path.resolve(__dirname, '..', '..', '..', 'seeds', 'base');

async function exists(
  tx: SqlExecutor,
  table: string,
  where: Record<string, string | number>,
): Promise<number | undefined> {
  const q = tx.dialect.quote;
  const keys = Object.keys(where);
  const rows = await tx.select(
    `SELECT * FROM ${q(table)} WHERE ${keys.map((k) => `${q(k)} = ?`).join(' AND ')}`,
    Object.values(where),
  );
  const first = rows[0];
  return first ? Number(Object.values(first)[0]) : undefined;
}

/**
 * Seeds what every installation needs (lookups, menus and their resources from metadata) and, in
 * demo mode, the demo records of seeds/demo. Only missing rows are inserted: an administrator's
 * later edits to a seeded row are never overwritten by a restart.
 */
export class Seeder {
  constructor(
    private readonly registry: MetadataRegistry,
    private readonly db: Database,
    private readonly writer: ResourceWriter,
  ) {}

  private entity(name: string): EntityModel {
    return this.registry.entity(name)!;
  }

  async seedLookups(tx: SqlExecutor, types: LookupTypeDef[]): Promise<number> {
    let inserted = 0;
    const ctx = systemContext();
    for (const type of types) {
      let typeId = await exists(tx, 'base_lookup_types', { lookup_type: type.lookupType });
      if (typeId === undefined) {
        typeId = await this.writer.insert(
          tx,
          this.entity('baseLookupType'),
          {
            lookupType: type.lookupType,
            meaning: type.meaning.cn,
            meaningEn: type.meaning.en,
            systemCode: type.systemCode ?? 'BASE',
            enabledFlag: 'Y',
          },
          ctx,
        );
      }
      for (const [i, v] of type.values.entries()) {
        if (
          (await exists(tx, 'base_lookup_values', { lookup_type: type.lookupType, lookup_code: v.lookupCode })) !==
          undefined
        )
          continue;
        await this.writer.insert(
          tx,
          this.entity('baseLookupValues'),
          {
            lookupTypeId: typeId,
            lookupType: type.lookupType,
            lookupCode: v.lookupCode,
            meaning: v.meaning.cn,
            meaningEn: v.meaning.en,
            seqNum: v.seqNum ?? i + 1,
            description: v.description ?? null,
            color: v.color ?? null,
            systemCode: type.systemCode ?? 'BASE',
            enabledFlag: v.enabledFlag ?? 'Y',
          },
          ctx,
        );
        inserted++;
      }
    }
    return inserted;
  }

  async seedMenus(tx: SqlExecutor, menus: MenuDef[], parentId = 0, level = 1): Promise<number> {
    let inserted = 0;
    const ctx = systemContext();
    for (const [i, menu] of menus.entries()) {
      let menuId = await exists(tx, 'base_menu', { menu_code: menu.menuCode });
      if (menuId === undefined) {
        menuId = await this.writer.insert(
          tx,
          this.entity('baseMenu'),
          {
            menuCode: menu.menuCode,
            menuName: menu.menuName.cn,
            menuNameEn: menu.menuName.en,
            menuType: menu.menuType,
            htmlUrl: menu.htmlUrl ?? null,
            imageLink: menu.imageLink ?? null,
            menuParentId: parentId,
            levelId: level,
            seqNum: menu.seqNum ?? i + 1,
            systemCode: menu.systemCode ?? 'BASE',
            enabled: menu.enabled ?? 'Y',
          },
          ctx,
        );
        inserted++;
      }
      for (const r of menu.resources ?? []) {
        if ((await exists(tx, 'base_menu_resource', { menu_id: menuId, resource_code: r.resourceCode })) !== undefined)
          continue;
        await this.writer.insert(
          tx,
          this.entity('baseMenuResource'),
          {
            menuId,
            resourceCode: r.resourceCode,
            resourceName: r.resourceName.cn,
            resourceNameEn: r.resourceName.en,
            resIcon: r.resIcon ?? null,
          },
          ctx,
        );
      }
      inserted += await this.seedMenus(tx, menu.children ?? [], menuId, level + 1);
    }
    return inserted;
  }

  /** Seed rows name menus by menuCode (menu ids are assigned when menus are seeded). */
  private async resolveMenuCode(tx: SqlExecutor, entity: EntityModel, row: RecordValues): Promise<RecordValues> {
    if (typeof row.menuCode !== 'string' || entity.field('menuCode') || !entity.field('menuId')) return row;
    const menuId = await exists(tx, 'base_menu', { menu_code: row.menuCode });
    if (menuId === undefined) throw new Error(`seed of ${entity.name}: no menu with menuCode ${row.menuCode}`);
    const { menuCode: _code, ...rest } = row;
    return { ...rest, menuId };
  }

  /**
   * Inserts a seed row when its key is missing. `ensureLines`: lines of an existing header are
   * still added one by one (base seeds: a menu added later reaches the administrator role on the
   * next start); demo documents are left as their users edited them.
   */
  private async seedRecord(
    tx: SqlExecutor,
    entity: EntityModel,
    input: RecordValues,
    ensureLines: boolean,
  ): Promise<boolean> {
    const row = await this.resolveMenuCode(tx, entity, input);
    const id = row[entity.primaryKey] as number;
    const present = (await exists(tx, entity.table, { [entity.field(entity.primaryKey)!.column]: id })) !== undefined;
    if (!present) {
      const values = Object.fromEntries(Object.entries(row).filter(([k]) => entity.field(k)));
      await this.writer.insert(tx, entity, values, systemContext());
    }
    if (present && !ensureLines) return false;
    for (const child of entity.children) {
      const model = this.entity(child.entity);
      for (const line of (row[child.name] as RecordValues[] | undefined) ?? []) {
        await this.seedRecord(tx, model, { ...line, [child.foreignKey]: id }, ensureLines);
      }
    }
    return !present;
  }

  /** seeds/{base,demo}/NN-name.json: {entity, rows}, explicit keys, applied in file order. */
  async seedFolder(tx: SqlExecutor, dir: string, ensureLines = false): Promise<number> {
    if (!fs.existsSync(dir)) return 0;
    let inserted = 0;
    for (const file of fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const { entity: name, rows } = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
        entity: string;
        rows: RecordValues[];
      };
      const entity = this.registry.entity(name);
      if (!entity) throw new Error(`seeds/demo/${file}: unknown entity "${name}"`);
      for (const row of rows) if (await this.seedRecord(tx, entity, row, ensureLines)) inserted++;
    }
    return inserted;
  }

  async run(demo: boolean): Promise<{ lookups: number; menus: number; base: number; demo: number }> {
    return this.db.transaction(async (tx) => ({
      lookups: await this.seedLookups(tx, this.registry.lookupTypes()),
      menus: await this.seedMenus(tx, this.registry.menus()),
      base: await this.seedFolder(tx, BASE_SEED_DIR, true),
      demo: demo ? await this.seedFolder(tx, DEMO_SEED_DIR) : 0,
    }));
  }
}
