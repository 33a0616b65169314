/**
 * /main/notification/notificationDesc?id=&viewCount=: one notification. Opening it saves the read
 * (viewFlag Y, selfCount + 1) through doView, which answers the notification itself.
 */
import { Card, Descriptions, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useLanguage } from '../../i18n';
import { LookupTag } from '../../widgets/LookupTag';
import { useHomeApi } from '../homeApi';
import { localized } from '../homeRules';
import { useViewOnce } from './useViewOnce';

export function NotificationDesc() {
  const { t } = useTranslation();
  const language = useLanguage();
  const api = useHomeApi();
  const id = useSearchParams()[0].get('id');
  const { row, failed } = useViewOnce(id, api.viewNotification);
  const back = <Link to="/main/notification/notificationMore">{t('home.allNotifications')}</Link>;
  if (failed || !id) return <Result status="warning" title={t('home.readerNotFound')} extra={back} />;
  if (!row)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  return (
    <Card title={localized(row, 'notificationTitle', language)} extra={back} data-testid="notification-desc">
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('home.type')}>
          <LookupTag lookupType="BASE_NOTIFICATION_TYPE" code={row.notificationType} />
        </Descriptions.Item>
        <Descriptions.Item label={t('home.sentAt')}>{String(row.sendDate ?? row.creationDate ?? '')}</Descriptions.Item>
        <Descriptions.Item label={t('home.timesRead')}>{String(row.selfCount ?? 0)}</Descriptions.Item>
      </Descriptions>
      {/* Notifications are plain text: shown as text, line breaks kept. */}
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
        {localized(row, 'notificationContent', language)}
      </Typography.Paragraph>
    </Card>
  );
}
