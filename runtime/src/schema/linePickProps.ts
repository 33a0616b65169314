/**
 * FormLines.pick → the props of the line grid's "add from another document" button
 * (serialisable: they travel inside the form schema, with the line grid's props).
 */
import { formDependencies, pickResourceCode, type LinePick } from '@meridian/metadata';
import { pickLabel, type Language } from '../core/language';
import type { EntityDef, FormLines, PageDef } from '../meta';
import { describeColumns, type ColumnDescriptor } from './columnDescriptor';
import { findField } from './entityFields';

export interface LinePickProps {
  /** Button label and picker title, in the interface language. */
  label: string;
  pick: LinePick;
  /** The source entity (its listByPage is the picker's search). */
  source: EntityDef;
  /** The picker's columns (pick.grid on the source entity). */
  columns: ColumnDescriptor[];
  /** The button the user must hold on the menu (cosmetic here: the server checks the same). */
  resourceCode?: string;
  /** Titles of the header fields the pick's filter reads, to name the missing ones. */
  headerTitles: Record<string, string>;
}

export function linePickProps(
  lines: FormLines,
  page: PageDef | undefined,
  header: EntityDef,
  entities: Record<string, EntityDef>,
  language: Language,
): LinePickProps | undefined {
  const pick = lines.pick;
  const source = pick ? entities[pick.entity] : undefined;
  if (!pick || !source) return undefined;
  const headerTitles = Object.fromEntries(
    formDependencies(pick.filter).map((name) => {
      const field = findField(header, name);
      return [name, field ? pickLabel(field.label, language) : name];
    }),
  );
  return {
    label: pickLabel(pick.label, language),
    pick,
    source,
    columns: describeColumns(pick.grid, source, language).filter((c) => !c.hidden),
    resourceCode: page ? pickResourceCode(page, pick) : pick.resourceCode,
    headerTitles,
  };
}
