/**
 * The header of /registerInfoEdit, which is outside the shell: the product's name, the language
 * toggle and 退出, on the shell header's white ground (app/Shell.tsx), so the toggle — a text button
 * in the header's own colour — reads as it does on every other page.
 */
import { Button, Layout, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../../../app/LanguageToggle';
import { useSignOut } from '../../../app/useSignOut';

export function RegisterInfoHeader() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        background: '#fff',
        padding: '0 24px',
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      <Typography.Text strong style={{ fontSize: 18 }}>
        {t('app.name')}
      </Typography.Text>
      <Space size={4}>
        <LanguageToggle />
        <Button type="text" onClick={() => void signOut()}>
          {t('registerInfo.signOut')}
        </Button>
      </Space>
    </Layout.Header>
  );
}
