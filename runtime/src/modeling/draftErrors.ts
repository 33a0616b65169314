/**
 * Server errors on a draft → the form item that causes them. The server names a problem as
 * "entity:srmDemoNote#/fields/1/lookupType" (document key, JSON pointer) or, for malformed
 * bodies, "/documents/0/content". The designer shows each error on the nearest item it draws;
 * what no item draws is listed above the form, still naming the document.
 */

export interface DraftError {
  field: string;
  message: string;
}

export interface PlacedError {
  /** Document key (entity:name, page:path) or undefined when the error names no document. */
  document?: string;
  /** antd form name path inside that document's form; undefined: not drawn, list it. */
  path?: (string | number)[];
  message: string;
}

const DRAWN: Record<string, RegExp[]> = {
  entity: [
    /^(name|table|area|primaryKey|lifecycle|parent|displayField)$/,
    /^label\/(cn|en)$/,
    /^rowScope\/supplierField$/,
    /^fields\/\d+\/(name|type|length|precision|scale|required|lookupType|min|max)$/,
    /^fields\/\d+\/label\/(cn|en)$/,
    /^fields\/\d+\/reference\/(entity|valueField|labelField)$/,
    /^children\/\d+\/(name|entity|foreignKey)$/,
  ],
  page: [
    /^title\/(cn|en)$/,
    /^grid\/columns\/\d+\/(key|width|sortable|linkTag|ellipsis|fixedStyle|showThousandSeparator)$/,
    /^grid\/columns\/\d+\/title\/(cn|en)$/,
    /^search\/fields\/\d+\/(field|op)$/,
    /^form\/columns$/,
    /^form\/sections\/\d+\/fields$/,
    /^actions$/,
  ],
  lifecycle: [
    /^(name|statusLookup|states|initial)$/,
    /^transitions\/\d+\/(action|from|to|resourceCode)$/,
    /^transitions\/\d+\/label\/(cn|en)$/,
    /^transitions\/\d+\/effects\/\d+\/openTodo\/(billType|to|menuCode|link)$/,
    /^transitions\/\d+\/effects\/\d+\/notify\/(to|type)$/,
    /^transitions\/\d+\/effects\/\d+\/(openTodo|notify)\/(title|content)\/(cn|en)$/,
    /^transitions\/\d+\/effects\/\d+\/closeTodos\/(billTypes|as)$/,
    /^transitions\/\d+\/checks\/\d+\/record\/(field|op|value)$/,
    /^transitions\/\d+\/checks\/\d+\/message\/(cn|en)$/,
    /^transitions\/\d+\/timer\/(at|due\/field|due\/offsetDays)$/,
    /^transitions\/\d+\/timer\/comment\/(cn|en)$/,
  ],
};

/** The item drawn for a whole object: a field row's name, a column's key … */
const OBJECT_ITEM: [RegExp, string][] = [
  [/^(fields|children)\/\d+$/, 'name'],
  [/^grid\/columns\/\d+$/, 'key'],
  [/^search\/fields\/\d+$/, 'field'],
  [/^(label|title)$/, 'cn'],
  [/^fields\/\d+\/(label)$/, 'cn'],
  [/^fields\/\d+\/reference$/, 'entity'],
  [/^rowScope$/, 'supplierField'],
  [/^transitions\/\d+$/, 'action'],
  [/^transitions\/\d+\/label$/, 'cn'],
  [/^transitions\/\d+\/effects\/\d+\/openTodo$/, 'billType'],
  [/^transitions\/\d+\/effects\/\d+\/notify$/, 'to'],
  [/^transitions\/\d+\/effects\/\d+\/closeTodos$/, 'billTypes'],
  [/^transitions\/\d+\/effects\/\d+\/(openTodo|notify)\/(title|content)$/, 'cn'],
  [/^transitions\/\d+\/checks\/\d+\/record$/, 'field'],
  [/^transitions\/\d+\/checks\/\d+\/message$/, 'cn'],
  [/^transitions\/\d+\/timer$/, 'at'],
  [/^transitions\/\d+\/timer\/due$/, 'field'],
  [/^transitions\/\d+\/timer\/comment$/, 'cn'],
];

const isDrawn = (kind: string, joined: string) => (DRAWN[kind] ?? []).some((re) => re.test(joined));

/** The drawn item nearest to a pointer: itself, its object's main item, or an ancestor's. */
export function drawnPath(kind: string, pointer: string): (string | number)[] | undefined {
  let parts = pointer
    .split('/')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  while (parts.length) {
    const joined = parts.join('/');
    if (isDrawn(kind, joined)) return parts;
    const item = OBJECT_ITEM.find(([re]) => re.test(joined));
    if (item && isDrawn(kind, `${joined}/${item[1]}`)) return [...parts, item[1]];
    parts = parts.slice(0, -1);
  }
  return undefined;
}

/** `documentKeys[i]` is the key of the i-th document of the body (for "/documents/i/…" errors). */
export function placeError(error: DraftError, documentKeys: string[]): PlacedError {
  const named = /^(entity|page|lifecycle):([^#]+)#?(.*)$/.exec(error.field);
  if (named) {
    const [, kind, name, pointer] = named;
    return { document: `${kind}:${name}`, path: drawnPath(kind, pointer), message: error.message };
  }
  const indexed = /^\/documents\/(\d+)\/content(.*)$/.exec(error.field);
  if (indexed) {
    const document = documentKeys[Number(indexed[1])];
    const kind = document?.split(':')[0] ?? '';
    return { document, path: drawnPath(kind, indexed[2]), message: error.message };
  }
  return { message: error.message };
}
