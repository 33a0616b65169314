import { describe, expect, it } from 'vitest';
import { BUILT_IN_WIDGETS, registerBuiltInWidgets, widgetRegistry } from './builtins';
import { WidgetRegistry } from './WidgetRegistry';

describe('WidgetRegistry', () => {
  it('registers and returns widgets by name', () => {
    const registry = new WidgetRegistry();
    const Widget = () => null;
    registry.register('MyWidget', Widget);
    expect(registry.get('MyWidget')).toBe(Widget);
    expect(registry.has('MyWidget')).toBe(true);
    expect(registry.get('Other')).toBeUndefined();
  });

  it('refuses a second widget under the same name', () => {
    const registry = new WidgetRegistry();
    registry.register('MyWidget', () => null);
    expect(() => registry.register('MyWidget', () => null)).toThrow('Widget "MyWidget" is already registered');
  });

  it('has the built-ins registered, and refuses to register them twice', () => {
    for (const name of [
      'LookupSelect',
      'ReferenceSelect',
      'YNCheckbox',
      'LineGrid',
      'Input',
      'NumberPicker',
      'DatePicker',
    ]) {
      expect(widgetRegistry.has(name)).toBe(true);
    }
    // The built-ins, the platform's page widgets (approval screens, table_model), then those the
    // SRM domains registered (runtime/src/srm, via the test set-up as via main.tsx).
    expect(Object.keys(widgetRegistry.components())).toEqual([
      ...Object.keys(BUILT_IN_WIDGETS),
      'MyUpcoming',
      'MyApproval',
      'TableModelDesigner',
      'InspectPlanSites',
      'SrminteriorShopping',
      'SrminteriorShoppingtrolley',
      'SrmPurOrderPrint',
      'DeliveryNoteLines',
      'SmlMonitoringReport',
      'SmlWarningReport',
    ]);
    expect(() => registerBuiltInWidgets(widgetRegistry)).toThrow(/already registered/);
  });
});
