/**
 * The shell's header: the current user, the responsibility switcher (its menus replace the
 * sider's, and the user goes home), 修改密码, the language toggle and 退出.
 */
import { KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Select, Space } from 'antd';
import { Suspense, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { displayName, setResponsibilityId, type Session } from '../core/session';
import { useLanguage } from '../i18n';
import { HOME_PATH } from './authPaths';
import { ChangePasswordModal } from './ChangePasswordModal';
import { extensionHeaderItems } from './extensions';
import { LanguageToggle } from './LanguageToggle';
import { TabsApiContext } from './tabContext';
import { useSignOut } from './useSignOut';

export function ShellHeader({ session }: { session: Session }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [changing, setChanging] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const user = session.userInfo;
  const name = displayName(user, language);

  const tabs = useContext(TabsApiContext);
  const switchTo = (responsibilityId: string) => {
    // Home first, the other tabs closed: the open screens belong to the previous responsibility's menus.
    if (tabs) tabs.closeAllButHome();
    else navigate(HOME_PATH);
    setResponsibilityId(responsibilityId);
  };

  return (
    // The product's name is the sider's; the header holds only the user's controls, on the right.
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', width: '100%', gap: 16 }}>
      <Space size={4} wrap={false}>
        <Select
          aria-label={t('session.switchResponsibility')}
          title={t('session.responsibility')}
          value={session.responsibilityId || undefined}
          onChange={switchTo}
          options={session.responsibilities.map((r) => ({
            value: String(r.responsibilityId),
            label: r.responsibilityName,
          }))}
          style={{ minWidth: 180 }}
          popupMatchSelectWidth={false}
          variant="borderless"
        />
        <span title={t('session.currentUser')} style={{ padding: '0 8px', whiteSpace: 'nowrap' }}>
          <UserOutlined aria-hidden style={{ marginRight: 6 }} />
          <span data-testid="current-user">{name}</span>
        </span>
        <Button type="text" icon={<KeyOutlined aria-hidden />} onClick={() => setChanging(true)}>
          {t('password.change')}
        </Button>
        {/* Items the domains add (app/extensions.ts) load on demand and show nothing until then. */}
        {extensionHeaderItems().map(({ key, component: Item }) => (
          <Suspense key={key} fallback={null}>
            <Item />
          </Suspense>
        ))}
        <LanguageToggle />
        <Button
          type="text"
          icon={<LogoutOutlined aria-hidden />}
          loading={signingOut}
          onClick={() => {
            setSigningOut(true);
            void signOut();
          }}
        >
          {t('session.signOut')}
        </Button>
      </Space>
      <ChangePasswordModal open={changing} userName={String(user?.userName ?? '')} onClose={() => setChanging(false)} />
    </div>
  );
}
