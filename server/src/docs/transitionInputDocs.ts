/**
 * A lifecycle transition's input in the OpenAPI document: the operation of each transition with
 * `input` (its action and every alias) takes the transition request plus the input fields, typed
 * as the entity's record schema types them, the required ones listed. A custom action of the same
 * name (its own body) is left as it is.
 */
import type { EntityModel, LifecycleDef, OpenApiDocument } from '@meridian/metadata';

const recordSchema = (entity: EntityModel) => `${entity.name[0].toUpperCase()}${entity.name.slice(1)}Record`;

export function addTransitionInputs(
  doc: OpenApiDocument,
  entities: EntityModel[],
  lifecycleOf: (entity: EntityModel) => LifecycleDef | undefined,
  isCustom: (resource: string, action: string) => boolean,
): void {
  for (const entity of entities) {
    const lifecycle = lifecycleOf(entity);
    if (!lifecycle || entity.def.exposed === false || entity.def.parent) continue;
    const resource = `${entity.name}Restful`;
    for (const t of lifecycle.transitions) {
      if (!t.input?.length) continue;
      const properties = Object.fromEntries(
        t.input.map((i) => [i.field, { $ref: `#/components/schemas/${recordSchema(entity)}/properties/${i.field}` }]),
      );
      const required = t.input.filter((i) => i.required && i.default === undefined).map((i) => i.field);
      const schema = {
        allOf: [
          { $ref: '#/components/schemas/TransitionRequest' },
          { type: 'object', properties, ...(required.length ? { required } : {}) },
        ],
        description: `Input of ${t.action}: ${t.input
          .map(
            (i) => `${i.field}${i.required ? ' (required)' : ''}${i.default !== undefined ? ' (has a default)' : ''}`,
          )
          .join(', ')}; one value for the whole batch.`,
      };
      for (const name of [t.action, ...(t.aliases ?? [])]) {
        const op = doc.paths[`/api/${entity.area}/v1/${resource}/${name}`]?.post;
        if (op && !isCustom(resource, name))
          op.requestBody = { required: true, content: { 'application/json': { schema } } };
      }
    }
  }
}
