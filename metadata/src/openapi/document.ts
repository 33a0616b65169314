/**
 * The OpenAPI 3.1 document of the whole API, built from the live metadata: every exposed entity's
 * generic and lifecycle endpoints, every registered custom action, and the fixed endpoints (files,
 * export) the server declares. Built on request from the registry in use, so a publish through
 * table_model shows at once.
 */
import type { EntityModel } from '../entityModel';
import type { LifecycleDef } from '../generated/meta-model';
import { buildRecordSchema, type EntityLookup, type JsonSchema } from '../recordSchema';
import {
  errorResponses,
  envelopeOf,
  SCREEN_HEADERS,
  SECURITY_SCHEMES,
  SESSION_SECURITY,
  SHARED_SCHEMAS,
  SIGNED_HEADERS,
} from './components';
import { entityPaths, recordSchemaName, type Operation, type PathItems } from './entityPaths';

/** A custom server action as the action registry knows it. */
export interface CustomActionInfo {
  area: string;
  resource: string;
  action: string;
  /** public: no session; session: any signed-in user; menu: a menu grant (and maybe a button resource). */
  access: 'public' | 'session' | 'menu';
  resourceCode?: string;
  /** The body's JSON Schema, when the action declares one. */
  input?: JsonSchema;
  /** More for the description: the states the action is allowed in. */
  note?: string;
}

export interface OpenApiInput {
  title: string;
  version: string;
  entities: EntityModel[];
  lookupEntity: EntityLookup;
  lifecycleOf: (entity: EntityModel) => LifecycleDef | undefined;
  customActions: CustomActionInfo[];
  /** Endpoints with their own controllers (files, export), described by the server next to the code. */
  fixedPaths?: PathItems;
}

export type OpenApiDocument = Record<string, unknown> & {
  paths: PathItems;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: object };
};

function accessText(action: CustomActionInfo): string {
  if (action.access === 'public') return 'Public: no session needed.';
  if (action.access === 'session') return 'Any signed-in user.';
  return `Needs a menu whose page offers this action${action.resourceCode ? `, with button resource ${action.resourceCode} granted` : ''}.`;
}

function customOperation(action: CustomActionInfo): Operation {
  return {
    tags: [action.resource],
    operationId: `${action.resource}_${action.action}`,
    summary: `${action.resource}/${action.action}`,
    description: `Custom action. ${accessText(action)}${action.note ? ` ${action.note}` : ''}`,
    ...(action.access !== 'public' && { security: SESSION_SECURITY }),
    parameters: action.access === 'public' ? SIGNED_HEADERS : [...SIGNED_HEADERS, ...SCREEN_HEADERS],
    requestBody: action.input
      ? { required: true, content: { 'application/json': { schema: action.input } } }
      : { required: false, content: { 'application/json': { schema: { $ref: '#/components/schemas/AnyRequest' } } } },
    responses: {
      200: envelopeOf({}),
      ...errorResponses(action.access === 'public' ? [400, 409] : [400, 401, 403, 404]),
    },
  };
}

function recordSchemas(input: OpenApiInput, exposed: EntityModel[]): Record<string, JsonSchema> {
  return Object.fromEntries(exposed.map((e) => [recordSchemaName(e), buildRecordSchema(e, input.lookupEntity)]));
}

export function buildOpenApiDocument(input: OpenApiInput): OpenApiDocument {
  const exposed = input.entities.filter((e) => e.def.exposed !== false).sort((a, b) => a.name.localeCompare(b.name));
  const paths: PathItems = {};
  for (const entity of exposed) Object.assign(paths, entityPaths(entity, input.lifecycleOf(entity)));
  for (const action of [...input.customActions].sort((a, b) =>
    `${a.resource}/${a.action}`.localeCompare(`${b.resource}/${b.action}`),
  )) {
    paths[`/api/${action.area}/v1/${action.resource}/${action.action}`] = { post: customOperation(action) };
  }
  Object.assign(paths, input.fixedPaths ?? {});
  return {
    openapi: '3.1.0',
    info: {
      title: input.title,
      version: input.version,
      description:
        'Generated from the live metadata. Every call is a POST with a JSON object (unless stated) and answers the envelope ' +
        '{code, status, msg, data, page?}. The gateway alias /api/zuul/{area}/… serves the same endpoints.',
    },
    servers: [{ url: '/' }],
    tags: [...exposed.map((e) => ({ name: e.name, description: `${e.def.label.cn} / ${e.def.label.en}` }))],
    paths,
    components: {
      schemas: { ...SHARED_SCHEMAS, ...recordSchemas(input, exposed) },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
