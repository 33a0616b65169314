/**
 * The internal home (docs/architecture.md "Spec: routes and home"): my to-do / my done, notifications,
 * announcements and the
 * charts. The charts (and G2Plot with them) load after the lists, in chunks of their own.
 */
import { Col, Row, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { busy } from '../core/busy';
import { displayName, type UserInfo } from '../core/session';
import { useLanguage } from '../i18n';
import { NoticeList } from './NoticeList';
import { NotificationList } from './NotificationList';
import { TodoTabs } from './TodoTabs';

const HomeCharts = lazy(() => busy.during(import('./HomeCharts')));

export function InternalHome({ user }: { user: UserInfo | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const name = displayName(user, language);
  return (
    <div data-testid="internal-home">
      {name && (
        <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 0 }}>
          {t('home.internalGreeting', { name })}
        </Typography.Title>
      )}
      <Typography.Paragraph type="secondary">{t('app.welcomeTitle')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <TodoTabs kind="internal" />
        </Col>
        <Col xs={24} xl={10}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <NotificationList />
            <NoticeList />
          </Space>
        </Col>
        <Col span={24}>
          <Suspense fallback={<Skeleton active />}>
            <HomeCharts />
          </Suspense>
        </Col>
      </Row>
    </div>
  );
}
