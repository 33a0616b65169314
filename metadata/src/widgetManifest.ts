/**
 * The widget names the runtime registers (runtime/src/widgets/builtins.ts and the registrations it
 * calls). Metadata may only name these: crossCheck reports any other as a problem. Kept fresh by
 * runtime/src/widgets/widgetManifest.test.ts, which fails when this list and the runtime's registry
 * differ; rewrite it from the registry with
 *   UPDATE_WIDGET_MANIFEST=1 npx vitest run runtime/src/widgets/widgetManifest.test.ts
 */
export const REGISTERED_WIDGETS: readonly string[] = [
  'Attachment',
  'DatePicker',
  'DeliveryNoteLines',
  'FlagSelect',
  'FormGrid',
  'FormItem',
  'FormSection',
  'Input',
  'InspectPlanSites',
  'LineCell',
  'LineGrid',
  'LookupSelect',
  'MenuFuncPrivilege',
  'MenuParentSelect',
  'MyApproval',
  'MyUpcoming',
  'NoticeDesc',
  'NoticeMore',
  'NotificationDesc',
  'NotificationMore',
  'NumberPicker',
  'NumberRange',
  'ReferenceSelect',
  'RichText',
  'Select',
  'SmlMonitoringReport',
  'SmlWarningReport',
  'SrmPurOrderPrint',
  'SrminteriorShopping',
  'SrminteriorShoppingtrolley',
  'TableModelDesigner',
  'TreeCheck',
  'YNCheckbox',
];
