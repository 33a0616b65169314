/**
 * The operations of one exposed entity: the six generic actions (docs/architecture.md "Generic actions") and one per
 * lifecycle transition, under its action name and each spec alias (submitChangeInfo…).
 */
import type { EntityModel } from '../entityModel';
import type { LifecycleDef, TransitionDef } from '../generated/meta-model';
import type { JsonSchema } from '../recordSchema';
import { errorResponses, envelopeOf, SCREEN_HEADERS, SESSION_SECURITY, SIGNED_HEADERS } from './components';

export type Operation = Record<string, unknown>;
export type PathItems = Record<string, { post?: Operation; get?: Operation }>;

export const recordRef = (entity: EntityModel) => ({ $ref: `#/components/schemas/${recordSchemaName(entity)}` });
export const recordSchemaName = (entity: EntityModel) => `${entity.name[0].toUpperCase()}${entity.name.slice(1)}Record`;

const requestOf = (schema: JsonSchema) => ({ required: true, content: { 'application/json': { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

interface GenericSpec {
  summary: string;
  request: JsonSchema;
  data: JsonSchema;
  errors: number[];
}

function genericSpecs(entity: EntityModel): Record<string, GenericSpec> {
  const record = recordRef(entity);
  const label = entity.def.label.en;
  const reads: Record<string, GenericSpec> = {
    findById: {
      summary: `One ${label} with its lines`,
      request: ref('IdRequest'),
      data: record,
      errors: [400, 401, 403, 404],
    },
    listByPage: {
      summary: `A page of ${label} rows (page.count is the total)`,
      request: ref('ListRequest'),
      data: { type: 'array', items: record },
      errors: [400, 401, 403],
    },
  };
  // Lines are saved and deleted through their header (the server answers 400 otherwise).
  if (entity.def.parent) return reads;
  return {
    ...reads,
    saveOrUpdate: {
      summary: `Create (no key) or update (key + versionNum) a ${label}, lines included, in one transaction`,
      request: record,
      data: record,
      errors: [400, 401, 403, 404, 409],
    },
    doBatchSaveOrUpdate: {
      summary: `Save several ${label} rows, all or nothing`,
      request: {
        type: 'object',
        required: ['rows'],
        properties: { rows: { type: 'array', minItems: 1, maxItems: 500, items: record } },
      },
      data: { type: 'array', items: record },
      errors: [400, 401, 403, 404, 409],
    },
    delete: {
      summary: `Delete one ${label}`,
      request: ref('IdRequest'),
      data: ref('CountResult'),
      errors: [400, 401, 403, 404, 409],
    },
    doBatchDelete: {
      summary: `Delete several ${label} rows, all or nothing`,
      request: ref('IdsRequest'),
      data: ref('CountResult'),
      errors: [400, 401, 403, 404, 409],
    },
  };
}

function operation(entity: EntityModel, operationId: string, spec: GenericSpec, description?: string): Operation {
  return {
    tags: [entity.name],
    operationId,
    summary: spec.summary,
    ...(description && { description }),
    security: SESSION_SECURITY,
    parameters: [...SIGNED_HEADERS, ...SCREEN_HEADERS],
    requestBody: requestOf(spec.request),
    responses: { 200: envelopeOf(spec.data), ...errorResponses(spec.errors) },
  };
}

function transitionDescription(t: TransitionDef): string {
  const approval = t.approval ? ' Approval step: the caller must be an approver of the pending to-do.' : '';
  return `${t.from.join(' | ')} → ${t.to}. Needs button resource ${t.resourceCode} on the menu.${approval}`;
}

function transitionOperations(entity: EntityModel, lifecycle: LifecycleDef): Array<[string, Operation]> {
  return lifecycle.transitions.flatMap((t) =>
    [t.action, ...(t.aliases ?? [])].map((name): [string, Operation] => [
      name,
      operation(
        entity,
        `${entity.name}_${name}`,
        {
          summary: `${t.label?.en ?? t.action} (${lifecycle.name})${name === t.action ? '' : ` — alias of ${t.action}`}`,
          request: ref('TransitionRequest'),
          data: {},
          errors: [400, 401, 403, 404, 409],
        },
        transitionDescription(t),
      ),
    ]),
  );
}

export function entityPaths(entity: EntityModel, lifecycle: LifecycleDef | undefined): PathItems {
  const base = `/api/${entity.area}/v1/${entity.name}Restful`;
  const paths: PathItems = {};
  for (const [action, spec] of Object.entries(genericSpecs(entity))) {
    paths[`${base}/${action}`] = { post: operation(entity, `${entity.name}_${action}`, spec) };
  }
  if (lifecycle && !entity.def.parent) {
    for (const [name, op] of transitionOperations(entity, lifecycle)) paths[`${base}/${name}`] = { post: op };
  }
  return paths;
}
