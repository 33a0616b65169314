/**
 * The parent-menu picker of the menu administration form (FormField.widget "MenuParentSelect"):
 * a TreeSelect over every menu, with a "top level" root, instead of a raw parent id. The level
 * is not asked for: the server derives it from the parent.
 */
import { connect, mapProps, mapReadPretty, useForm } from '@formily/react';
import { TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataProvider } from '../../core/DataProviderContext';
import { useLanguage } from '../../i18n';
import { menuParentChoices, menuTitle, TOP_LEVEL, type MenuAdminRow } from './menuParentTree';

const MENU = { name: 'baseMenu', area: 'baseServer' };
const PAGE_ROWS = 500;

/** Every menu row, page by page (the server answers at most PAGE_ROWS at a time). */
function useAllMenus(): MenuAdminRow[] | undefined {
  const provider = useDataProvider();
  const [rows, setRows] = useState<MenuAdminRow[]>();
  useEffect(() => {
    let live = true;
    (async () => {
      const all: MenuAdminRow[] = [];
      for (let pageIndex = 1; ; pageIndex++) {
        const page = await provider.listByPage<MenuAdminRow>(MENU, {
          pageIndex,
          pageRows: PAGE_ROWS,
          orderBy: 'seqNum asc',
        });
        all.push(...page.rows);
        if (page.rows.length < PAGE_ROWS || all.length >= page.page.count) return all;
      }
    })().then(
      (all) => live && setRows(all),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [provider]);
  return rows;
}

interface Props {
  value?: number | string | null;
  onChange?: (value: number) => void;
  disabled?: boolean;
  'aria-label'?: string;
}

function MenuParentSelectBase({ value, onChange, disabled, 'aria-label': ariaLabel }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const form = useForm();
  const rows = useAllMenus();
  const selfId =
    form.values.menuId === undefined || form.values.menuId === null ? undefined : Number(form.values.menuId);
  const treeData = useMemo(
    () => menuParentChoices(rows ?? [], language, selfId, t('app.menuTopLevel')),
    [rows, language, selfId, t],
  );
  return (
    <TreeSelect
      aria-label={ariaLabel}
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandedKeys={[TOP_LEVEL]}
      loading={rows === undefined}
      disabled={disabled}
      treeData={treeData}
      value={value === undefined || value === null || value === '' ? TOP_LEVEL : Number(value)}
      onChange={(next: number) => onChange?.(next)}
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
    />
  );
}

function MenuParentReadPretty({ value }: { value?: number | string | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rows = useAllMenus();
  const id = Number(value ?? TOP_LEVEL);
  if (!id) return <span>{t('app.menuTopLevel')}</span>;
  const row = rows?.find((candidate) => Number(candidate.menuId) === id);
  return <span>{row ? menuTitle(row, language) : String(id)}</span>;
}

export const MenuParentSelect = connect(
  MenuParentSelectBase,
  mapProps((props, field) => ({
    ...props,
    'aria-label': (props as Props)['aria-label'] ?? (field as { title?: string }).title,
  })),
  mapReadPretty(MenuParentReadPretty),
);
