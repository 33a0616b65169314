/** The built-in widgets, registered by the names metadata and the schema builders use. */
import { FormGrid, FormItem, Select } from '@formily/antd-v5';
import { registerApprovalWidgets } from '../approvals';
import { registerCartWidgets } from '../srm/cart';
import { registerInspectPlanWidgets } from '../srm/inspectPlan';
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

/** The application's registry; custom widgets register here before the app renders. */
export const widgetRegistry = registerInspectPlanWidgets(
  registerModelingWidgets(registerCartWidgets(registerApprovalWidgets(registerBuiltInWidgets(new WidgetRegistry())))),
);
