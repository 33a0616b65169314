/**
 * The OpenAPI document of this server, built from the metadata in use. It is cached per registry
 * object: a table_model publish installs a new registry, so the next request rebuilds it.
 */
import { buildOpenApiDocument, type CustomActionInfo, type OpenApiDocument } from '@meridian/metadata';
import type { Kernel } from '../kernel';
import type { RegisteredAction } from '../platform/actionRegistry';
import { EXCHANGE_PATHS } from './exchangePaths';
import { FIXED_PATHS } from './fixedPaths';

const SERVER_VERSION = '0.1.0';
const cache = new WeakMap<object, OpenApiDocument>();

function customActionInfo(action: RegisteredAction): CustomActionInfo {
  const { area, resource, action: name, access, input } = action;
  const typed = input ? { input } : {};
  if (typeof access === 'string') return { area, resource, action: name, access, ...typed };
  return { area, resource, action: name, access: 'menu', resourceCode: access.resourceCode, ...typed };
}

export function apiDocument(kernel: Kernel): OpenApiDocument {
  const { registry } = kernel;
  const cached = cache.get(registry);
  if (cached) return cached;
  const doc = buildOpenApiDocument({
    title: 'Meridian API',
    version: SERVER_VERSION,
    entities: registry.entities(),
    lookupEntity: (name) => registry.entity(name),
    lifecycleOf: (entity) => kernel.lifecycles.lifecycleOf(entity),
    customActions: kernel.actions.list().map(customActionInfo),
    fixedPaths: { ...FIXED_PATHS, ...EXCHANGE_PATHS },
  });
  cache.set(registry, doc);
  return doc;
}
