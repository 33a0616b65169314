/**
 * The tab strip above the page: one tab per open screen (home first, fixed), a close button on the
 * others, and a menu to close the others or all but home. Titles: the menu whose htmlUrl is the
 * path, else the title the page set (metadata title or useTabTitle).
 */
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { pickLabel } from '../core/language';
import { useMenus } from '../core/MenuContext';
import { useLanguage } from '../i18n';
import { menuForUrl } from './menuTrail';
import { HOME_TAB_ID, type ShellTab } from './tabsModel';
import type { ShellTabs } from './useShellTabs';

export function useTabLabel(): (tab: ShellTab) => string {
  const { t } = useTranslation();
  const menus = useMenus();
  const language = useLanguage();
  return (tab) => {
    if (tab.id === HOME_TAB_ID) return t('app.home');
    return pickLabel(menuForUrl(menus, tab.url)?.menuName, language) || tab.title || t('tabs.untitled');
  };
}

export function ShellTabBar({ tabs }: { tabs: ShellTabs }) {
  const { t } = useTranslation();
  const label = useTabLabel();
  const { activeId } = tabs.state;
  const items = tabs.state.tabs.map((tab) => ({ key: tab.id, label: label(tab), closable: tab.id !== HOME_TAB_ID }));
  const more = {
    items: [
      {
        key: 'others',
        label: t('tabs.closeOthers'),
        disabled: !tabs.state.tabs.some((tab) => tab.id !== HOME_TAB_ID && tab.id !== activeId),
      },
      { key: 'all', label: t('tabs.closeAll'), disabled: tabs.state.tabs.length <= 1 },
    ],
    onClick: ({ key }: { key: string }) => (key === 'others' ? tabs.closeOthers(activeId) : tabs.closeAllButHome()),
  };
  // A named region, so that the shell's tabs are told apart from tabs inside pages.
  return (
    <section aria-label={t('tabs.label')}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeId}
        items={items}
        onChange={tabs.activate}
        onEdit={(key, action) => action === 'remove' && typeof key === 'string' && tabs.close(key)}
        tabBarStyle={{ marginBottom: 8 }}
        tabBarExtraContent={
          <Dropdown menu={more} trigger={['click']}>
            <Button size="small" type="text" icon={<DownOutlined aria-hidden />} iconPosition="end">
              {t('tabs.actions')}
            </Button>
          </Dropdown>
        }
      />
    </section>
  );
}
