/** The built-in widgets, registered by the names metadata and the schema builders use. */
import { FormGrid, FormItem, Select } from '@formily/antd-v5';
import { registerApprovalWidgets } from '../approvals';
import { registerModelingWidgets } from '../modeling';
import { FlagSelect } from './FlagSelect';
import { FormSection } from './FormSection';
import { READER_WIDGETS } from '../home/readers';
import { Attachment } from './attachment/Attachment';
import { LabelledDatePicker, LabelledInput, LabelledNumberPicker } from './labelled';
import { LineCell } from './LineCell';
import { LineGrid } from './LineGrid';
import { LookupSelect } from './LookupSelect';
import { NumberRange } from './NumberRange';
import { ReferenceSelect } from './ReferenceSelect';
import { RichTextField } from './richText/RichTextField';
import { MenuFuncPrivilege } from './tree/MenuFuncPrivilege';
import { MenuParentSelect } from './tree/MenuParentSelect';
import { TreeCheck } from './tree/TreeCheck';
import { domainWidgets } from './domainWidgets';
import { WidgetRegistry } from './WidgetRegistry';
import { YNCheckbox } from './YNCheckbox';

export const BUILT_IN_WIDGETS = {
  FormItem,
  FormGrid,
  FormSection,
  Input: LabelledInput,
  NumberPicker: LabelledNumberPicker,
  DatePicker: LabelledDatePicker,
  Select,
  YNCheckbox,
  LookupSelect,
  ReferenceSelect,
  FlagSelect,
  NumberRange,
  LineGrid,
  LineCell,
  ...READER_WIDGETS,
  Attachment,
  // Rich text (FormField.widget): the editor itself is loaded on first use.
  RichText: RichTextField,
  TreeCheck,
  MenuFuncPrivilege,
  // The parent of a menu (menu administration), a tree instead of an id.
  MenuParentSelect,
} as const;

export function registerBuiltInWidgets(registry: WidgetRegistry): WidgetRegistry {
  for (const [name, component] of Object.entries(BUILT_IN_WIDGETS)) registry.register(name, component);
  return registry;
}

function registerDomainWidgets(registry: WidgetRegistry): WidgetRegistry {
  for (const [name, component] of domainWidgets()) registry.register(name, component);
  return registry;
}

/**
 * The application's registry: the built-in widgets, the platform's own custom ones, and those the
 * domains registered (widgets/domainWidgets.ts) from main.tsx before this module loaded with the pages.
 */
export const widgetRegistry = registerDomainWidgets(
  registerModelingWidgets(registerApprovalWidgets(registerBuiltInWidgets(new WidgetRegistry()))),
);
