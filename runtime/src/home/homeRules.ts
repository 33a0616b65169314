/**
 * The home lists' display and click rules (docs/architecture.md "Spec: routes and home", "Spec: states"), as
 * pure functions so they are
 * tested apart from the screens. What marks a to-do handled is shared with the server
 * (todoHandledOnOpen in @meridian/metadata).
 */
import { todoHandledOnOpen, todoNavigates, type TodoKind } from '@meridian/metadata';
import type { DataRecord } from '../meta';

/** A notification with viewFlag N shows the red New tag. */
export const notificationIsNew = (row: DataRecord) => row.viewFlag !== 'Y';
/** selfCount 0 means unread: the title is bold. */
export const notificationIsUnread = (row: DataRecord) => Number(row.selfCount ?? 0) === 0;
/** An announcement the user has never viewed (selfCount 0) shows a red dot. */
export const noticeHasDot = (row: DataRecord) => Number(row.selfCount ?? 0) === 0;

/** The English variant of a text field (pendingTitleEn, noticeTitleEn…) when the UI is English and it is filled. */
export function localized(row: DataRecord, field: string, language: 'CN' | 'EN'): string {
  const en = row[`${field}En`];
  if (language === 'EN' && typeof en === 'string' && en.trim()) return en;
  return String(row[field] ?? '');
}

export interface TodoOpening {
  /** Mark it handled on the server (and reload the pending list, whatever the answer). */
  handle: boolean;
  /** Resolve the menu and navigate: only items with a menu code. */
  navigate: boolean;
}

export function todoOpening(kind: TodoKind, item: DataRecord): TodoOpening {
  return { handle: todoHandledOnOpen(kind, item), navigate: todoNavigates(item) };
}

/**
 * Where a to-do opens: its billLink (else the menu's page) under /main, with the menu and
 * responsibility in the query so that the page's buttons are those of that menu.
 */
export function todoTarget(
  item: DataRecord,
  menu: { menuId: number; htmlUrl?: string | null },
  respId: string,
): string | undefined {
  const link = String(item.billLink || menu.htmlUrl || '')
    .trim()
    .replace(/^\/+/, '')
    .replace(/^main\//, '');
  if (!link) return undefined;
  const [path, query = ''] = link.split('?');
  const params = new URLSearchParams(query);
  params.set('menuId', String(menu.menuId));
  params.set('respId', respId);
  return `/main/${path}?${params.toString()}`;
}

/** The detail page of a notification or an announcement, opened in its own tab. */
export function readerTarget(kind: 'notification' | 'notice', id: unknown, viewCount: unknown): string {
  const params = new URLSearchParams({ id: String(id), viewCount: String(Number(viewCount ?? 0) || 0) });
  return kind === 'notification'
    ? `/main/notification/notificationDesc?${params}`
    : `/main/notice/noticeDesc?${params}`;
}

/**
 * What the list shows right after a click, before the detail page has saved it (docs/architecture.md
 * "Spec: states": "set locally").
 */
export function markedRead(row: DataRecord): DataRecord {
  return { ...row, viewFlag: 'Y', selfCount: Number(row.selfCount ?? 0) + 1 };
}
