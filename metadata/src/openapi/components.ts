/**
 * The parts of the OpenAPI document every operation shares: the envelope (docs/architecture.md
 * "Envelope and HTTP statuses"),
 * paging, the id bodies, and the request headers that carry the session and the appsign.
 */
import type { JsonSchema } from '../recordSchema';

export const ENVELOPE = '#/components/schemas/Envelope';

const status = { type: 'string', enum: ['S', 'E'], description: "'S' success, 'E' failure (msg says why)" };

export const SHARED_SCHEMAS: Record<string, JsonSchema> = {
  Envelope: {
    type: 'object',
    description:
      'Every JSON answer. On failure the HTTP status is 4xx/5xx and status is E; errors names the fields at fault.',
    required: ['code', 'status', 'msg', 'data'],
    properties: {
      code: status,
      status,
      msg: { type: 'string' },
      data: {},
      page: { $ref: '#/components/schemas/PageInfo' },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['field', 'message'],
          properties: { field: { type: 'string' }, message: { type: 'string' } },
        },
      },
      written: {
        type: 'array',
        description:
          'On a successful write: every entity it changed, its own and others (to-dos, lines, generated documents), for clients to refresh.',
        items: {
          type: 'object',
          required: ['area', 'name'],
          properties: { area: { type: 'string' }, name: { type: 'string' } },
        },
      },
    },
  },
  PageInfo: {
    type: 'object',
    required: ['count', 'pageIndex', 'pageRows'],
    properties: {
      count: { type: 'integer', minimum: 0 },
      pageIndex: { type: 'integer', minimum: 1 },
      pageRows: { type: 'integer', minimum: 1, maximum: 500 },
      countExact: { type: 'boolean', description: 'false when count is capped or estimated (large tables)' },
    },
  },
  ListRequest: {
    type: 'object',
    properties: {
      pageIndex: { type: 'integer', minimum: 1, default: 1 },
      pageRows: { type: 'integer', enum: [20, 50, 100, 200, 500], default: 20 },
      params: {
        type: 'object',
        description: 'Search values by field name (equality, or the search field operator of the page).',
      },
      filter: { description: 'Filter AST over declared, readable fields (metadata/schema/filter.schema.json).' },
      orderBy: { type: 'string', examples: ['creationDate desc'] },
      language: { type: 'string', enum: ['CN', 'EN'] },
    },
  },
  IdRequest: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1 }, language: { type: 'string', enum: ['CN', 'EN'] } },
  },
  IdsRequest: {
    type: 'object',
    required: ['ids'],
    properties: { ids: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'integer', minimum: 1 } } },
  },
  TransitionRequest: {
    type: 'object',
    description:
      'One record ({id}, optionally versionNum) or a batch ({ids}); a batch is all-or-nothing and a failure names the id.',
    properties: {
      id: { type: 'integer', minimum: 1 },
      ids: { type: 'array', minItems: 1, items: { type: 'integer', minimum: 1 } },
      versionNum: { type: 'integer' },
      comment: { type: 'string' },
    },
  },
  AnyRequest: { type: 'object', description: 'A JSON object; see the action for its fields.' },
  CountResult: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
};

/** Header parameters of a signed, authenticated call (the runtime's request client sends all of them). */
export const SECURITY_SCHEMES = {
  certificate: { type: 'apiKey', in: 'header', name: 'certificate', description: 'Session certificate from login.' },
  authorizationCode: {
    type: 'apiKey',
    in: 'header',
    name: 'AuthorizationCode',
    description: 'Session authorizationCode from login.',
  },
} as const;

export const SESSION_SECURITY = [{ certificate: [], authorizationCode: [] }];

export const SIGNED_HEADERS = [
  {
    name: 'timestamp',
    in: 'header',
    required: true,
    description: 'Millisecond timestamp; at most 5 minutes off.',
    schema: { type: 'string' },
  },
  {
    name: 'appsign',
    in: 'header',
    required: true,
    description: 'sha256 of the timestamp, 1–4 rounds (docs/architecture.md "appsign").',
    schema: { type: 'string' },
  },
  {
    name: 'language',
    in: 'header',
    required: false,
    description: 'CN (default) or EN: the language of messages and labels.',
    schema: { type: 'string', enum: ['CN', 'EN'] },
  },
];

export const SCREEN_HEADERS = [
  {
    name: 'respId',
    in: 'header',
    required: false,
    description: 'Responsibility the call is made under.',
    schema: { type: 'string' },
  },
  {
    name: 'menuId',
    in: 'header',
    required: false,
    description: 'Menu (screen) the call comes from: its granted button resources apply.',
    schema: { type: 'string' },
  },
];

/** The error answers every operation can give, as the envelope. */
export function errorResponses(codes: number[]): Record<string, unknown> {
  const text: Record<number, string> = {
    400: 'Bad input; errors names the fields',
    401: 'No valid session or appsign',
    403: 'The button resource is not granted on the menu',
    404: "No such record in the caller's scope, or no such endpoint",
    409: 'Stale versionNum, duplicate, or a transition the state does not allow',
  };
  return Object.fromEntries(
    codes.map((c) => [
      String(c),
      { description: text[c], content: { 'application/json': { schema: { $ref: ENVELOPE } } } },
    ]),
  );
}

/** A 200 envelope whose data has the given schema. */
export function envelopeOf(data: JsonSchema, description = 'Success'): Record<string, unknown> {
  return {
    description,
    content: {
      'application/json': { schema: { allOf: [{ $ref: ENVELOPE }, { type: 'object', properties: { data } }] } },
    },
  };
}
