/** /main: the layout with the menu sider, the header (language toggle) and the routed content. */
import { Layout, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { useDataProvider } from '../core/DataProviderContext';
import type { MenuRow } from '../core/dataProvider';
import { useFeedback } from '../core/feedback';
import { MenuContext } from '../core/MenuContext';
import { getResponsibilityId } from '../core/session';
import { useLanguage } from '../i18n';
import { LanguageToggle } from './LanguageToggle';
import { MenuSider } from './MenuSider';

function useMenuRows(): MenuRow[] {
  const provider = useDataProvider();
  const feedback = useFeedback();
  const language = useLanguage();
  const [menus, setMenus] = useState<MenuRow[]>([]);
  useEffect(() => {
    let live = true;
    // Menu names come translated in the request language, so a language switch reloads them.
    provider.findMenuByResp(getResponsibilityId()).then(
      (rows) => live && setMenus(rows),
      (error: unknown) => live && feedback.error(error),
    );
    return () => {
      live = false;
    };
  }, [provider, feedback, language]);
  return menus;
}

export function Shell() {
  const { t } = useTranslation();
  const menus = useMenuRows();
  return (
    <MenuContext.Provider value={menus}>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Sider width={232} breakpoint="lg" collapsedWidth={0}>
          <div style={{ color: '#fff', padding: '16px 24px', fontWeight: 600 }}>{t('app.name')}</div>
          <MenuSider menus={menus} />
        </Layout.Sider>
        <Layout>
          <Layout.Header
            style={{ background: '#fff', display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '0 24px' }}
          >
            <Typography.Text strong>{t('app.name')}</Typography.Text>
            <LanguageToggle />
          </Layout.Header>
          <Layout.Content style={{ margin: 16 }}>
            <main>
              <Outlet />
            </main>
          </Layout.Content>
        </Layout>
      </Layout>
    </MenuContext.Provider>
  );
}
