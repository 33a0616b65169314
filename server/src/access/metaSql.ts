import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Dialect } from '../db/dialect';

/**
 * Table and column names for hand-written platform queries, read from the entity metadata so a
 * query can never drift from the schema it runs on: `t('baseUserResp')`, `c('baseUserResp', 'userId')`.
 */
export class MetaSql {
  constructor(
    private readonly registry: MetadataRegistry,
    private readonly dialect: Dialect,
  ) {}

  // Arrow properties, so callers can destructure them: `const { t, c } = access.sql`.
  readonly t = (entity: string): string => {
    const model = this.registry.entity(entity);
    if (!model) throw new Error(`MetaSql: no entity ${entity}`);
    return this.dialect.quote(model.table);
  };

  readonly c = (entity: string, field: string, alias?: string): string => {
    const column = this.registry.entity(entity)?.field(field)?.column;
    if (!column) throw new Error(`MetaSql: no field ${entity}.${field}`);
    return `${alias ? `${alias}.` : ''}${this.dialect.quote(column)}`;
  };
}
