/** The frame of the pages outside the shell (login, forgotten password): a centred card. */
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from './LanguageToggle';

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        background: 'linear-gradient(135deg, #001529 0%, #0b3a6b 55%, #1677ff 100%)',
      }}
    >
      <div style={{ width: 420, maxWidth: '100%' }}>
        <div style={{ textAlign: 'center', marginBottom: 24, color: '#fff' }}>
          <div style={{ fontSize: 28, fontWeight: 600, letterSpacing: 1 }}>{t('app.name')}</div>
          <div style={{ opacity: 0.8, marginTop: 4 }}>{t('login.subtitle')}</div>
        </div>
        <Card
          title={
            <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
              {title}
            </Typography.Title>
          }
          extra={<LanguageToggle />}
          styles={{ body: { paddingTop: 24 } }}
        >
          {children}
        </Card>
      </div>
    </main>
  );
}
