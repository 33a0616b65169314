/**
 * Public surface for developers writing custom widgets and pages (docs/architecture.md "Overview"): register
 * widgets by name before the app renders; reuse the controllers and schema builders.
 */
export { widgetRegistry } from './widgets/builtins';
export { WidgetRegistry } from './widgets/WidgetRegistry';
export { useDataProvider, useScreen } from './core/DataProviderContext';
export type { DataProvider } from './core/dataProvider';
export { useListController } from './core/useListController';
export { useRecordController } from './core/useRecordController';
export { evaluateFilter } from './core/evaluateFilter';
export { ApiError, isApiError } from './core/apiError';
export { request, createRequest } from './core/request';
export { buildFormSchema } from './schema/formSchema';
export { describeColumns } from './schema/columnDescriptor';
export { buildGridColumns } from './schema/gridColumns';
export type { PageProps } from './pages/types';
