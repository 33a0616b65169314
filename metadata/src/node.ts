export * from './index';
export { ajv, describeAjvError, SCHEMA_DIR } from './ajv';
export * from './documents';
export * from './loader';
export * from './problems';
export * from './recordValidation';
export { MetadataRegistry } from './registry';
export * from './modeling';
export { REGISTERED_WIDGETS } from './widgetManifest';
