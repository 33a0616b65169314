/**
 * Named widgets (docs/architecture.md "Overview": developers register custom widgets by name and metadata
 * refers to them). One namespace for field components and custom page widgets, so that a
 * name in metadata can never mean two things.
 */
import type { ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- widgets have heterogeneous props; the registry stores them untyped and callers know the shape
export type AnyWidget = ComponentType<any>;

export class WidgetRegistry {
  private readonly widgets = new Map<string, AnyWidget>();

  /** Registers a widget; a second registration of the same name is a developer error. */
  register(name: string, component: AnyWidget): void {
    if (!name) throw new Error('A widget needs a name');
    if (this.widgets.has(name)) throw new Error(`Widget "${name}" is already registered`);
    this.widgets.set(name, component);
  }

  get(name: string): AnyWidget | undefined {
    return this.widgets.get(name);
  }

  has(name: string): boolean {
    return this.widgets.has(name);
  }

  names(): string[] {
    return [...this.widgets.keys()];
  }

  /** Components map for Formily's SchemaField ("Input.TextArea" resolves through Input). */
  components(): Record<string, AnyWidget> {
    return Object.fromEntries(this.widgets);
  }
}
