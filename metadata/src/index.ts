// Browser-safe part of the meta-model: types, filter AST, validators, appsign, labels.
// Node-only parts (ajv with the schema files, the registry, file loading) are in ./node.
export type * from './generated/meta-model';
export * from './appsign';
export * from './entityModel';
export * from './filter';
export * from './referenceFilter';
export * from './linePick';
export * from './contextDefaults';
export * from './rowScope';
export { parentLink } from './rowScopeCheck';
export * from './i18n';
export * from './naming';
export * from './recordSchema';
export * from './systemFields';
export * from './validators';
export { sha256Hex } from './sha256';
export * from './chineseAmount';
export * from './tree';
export * from './datePatterns';
export * from './formGroup';
export * from './todoRules';
export * from './effects';
export * from './referencedNames';
export * from './referenceSearch';
export * from './richTextPolicy';
export * from './embedLink';
export * from './openapi/document';
export type { Operation, PathItems } from './openapi/entityPaths';
