import type { EntityModel } from './entityModel';
import type { MetadataCatalog } from './metadataCatalog';

/**
 * The entity of the child `name` (children[].name) of `entity`, for the load checks that name a
 * record's lines; when it has no such child, the problem is reported at `pointer` and none returned.
 */
export function childEntity(
  registry: Pick<MetadataCatalog, 'entity'>,
  entity: EntityModel,
  name: string | undefined,
  report: (pointer: string, message: string) => void,
  pointer: string,
): EntityModel | undefined {
  const child = entity.children.find((c) => c.name === name);
  const lines = child && registry.entity(child.entity);
  if (!lines) report(pointer, `"${name}" is not a child of ${entity.name}`);
  return lines || undefined;
}
