/**
 * The supplier home (docs/architecture.md "Spec: routes and home"): a welcome line with the supplier's name,
 * the supplier's
 * to-dos (my to-do / my done), notifications and announcements. The spec's 'view more' link that
 * does nothing goes to the announcements list instead (docs/decisions.md).
 */
import { Card, Col, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { displayName, supplierDisplayName, type UserInfo } from '../core/session';
import { useLanguage } from '../i18n';
import { NoticeList } from './NoticeList';
import { NotificationList } from './NotificationList';
import { TodoTabs } from './TodoTabs';

export function SupplierHome({ user }: { user: UserInfo | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div data-testid="supplier-home">
      <Card size="small" style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('home.supplierWelcome', {
            supplierName: supplierDisplayName(user, language) || displayName(user, language),
          })}
        </Typography.Title>
        <Typography.Text type="secondary">{t('home.supplierText')}</Typography.Text>{' '}
        <Link to="/main/notice/noticeMore">{t('home.viewMore')}</Link>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <TodoTabs kind="supplier" />
        </Col>
        <Col xs={24} xl={10}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <NotificationList />
            <NoticeList />
          </Space>
        </Col>
      </Row>
    </div>
  );
}
