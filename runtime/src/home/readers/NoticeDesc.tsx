/**
 * /main/notice/noticeDesc?id=&viewCount=: one announcement. Opening it records the view (a viewer
 * row, viewCount + 1) through doView, which answers the announcement with its content.
 */
import { Card, Descriptions, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useLanguage } from '../../i18n';
import { LookupTag } from '../../widgets/LookupTag';
import { useHomeApi } from '../homeApi';
import { localized } from '../homeRules';
import { RichText } from '../../widgets/richText/RichText';
import { useViewOnce } from './useViewOnce';

export function NoticeDesc() {
  const { t } = useTranslation();
  const language = useLanguage();
  const api = useHomeApi();
  const id = useSearchParams()[0].get('id');
  const { row, failed } = useViewOnce(id, api.viewNotice);
  const back = <Link to="/main/notice/noticeMore">{t('home.allNotices')}</Link>;
  if (failed || !id) return <Result status="warning" title={t('home.readerNotFound')} extra={back} />;
  if (!row)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  const content =
    language === 'EN' && typeof row.contentEn === 'string' && row.contentEn.trim() ? row.contentEn : row.content;
  return (
    <Card title={localized(row, 'noticeTitle', language)} extra={back} data-testid="notice-desc">
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('home.type')}>
          <LookupTag lookupType="BASE_NOTICE_TYPE" code={row.noticeType} />
        </Descriptions.Item>
        <Descriptions.Item label={t('home.publishedAt')}>{String(row.publishDate ?? '')}</Descriptions.Item>
        <Descriptions.Item label={t('home.views')}>{String(row.viewCount ?? 0)}</Descriptions.Item>
      </Descriptions>
      <RichText html={content} />
    </Card>
  );
}
