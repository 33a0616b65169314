/** The OpenAPI document of this server, built from the metadata and custom actions in use. */
import { buildOpenApiDocument, type CustomActionInfo, type OpenApiDocument } from '@meridian/metadata';
import type { Kernel } from '../kernel';
import type { RegisteredAction } from '../platform/actionRegistry';
import { statesText } from '../platform/actionStates';
import { EXCHANGE_PATHS } from './exchangePaths';
import { FIXED_PATHS } from './fixedPaths';
import { addTransitionInputs } from './transitionInputDocs';

const SERVER_VERSION = '0.1.0';
/**
 * Per registry and action catalog: a publish installs a new registry, and two kernels may share one
 * registry with other custom actions (test servers of one process load the metadata once).
 */
const cache = new WeakMap<object, WeakMap<object, OpenApiDocument>>();

function customActionInfo(action: RegisteredAction): CustomActionInfo {
  const { area, resource, action: name, access, input, states } = action;
  const typed = { ...(input ? { input } : {}), ...(states ? { note: statesText(states) } : {}) };
  if (typeof access === 'string') return { area, resource, action: name, access, ...typed };
  return { area, resource, action: name, access: 'menu', resourceCode: access.resourceCode, ...typed };
}

export function apiDocument(kernel: Kernel): OpenApiDocument {
  const { registry } = kernel;
  let byActions = cache.get(registry);
  if (!byActions) cache.set(registry, (byActions = new WeakMap()));
  const cached = byActions.get(kernel.actions);
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
  addTransitionInputs(
    doc,
    registry.entities(),
    (entity) => kernel.lifecycles.lifecycleOf(entity),
    (resource, action) => !!kernel.actions.find(resource, action),
  );
  byActions.set(kernel.actions, doc);
  return doc;
}
