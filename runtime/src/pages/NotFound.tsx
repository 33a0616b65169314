/**
 * Any path no route or page metadata knows (docs/architecture.md "Spec: routes and home": not-found page),
 * with a way back.
 */
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useTabTitle } from '../app/tabContext';

export function NotFound({ detail }: { detail?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useTabTitle(t('notFound.title'));
  // Back only when this tab has somewhere to go back to (not a link opened in a fresh window).
  const canGoBack = typeof window !== 'undefined' && window.history.length > 1;
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={detail ?? t('notFound.text')}
      extra={
        <Space>
          <Button type="primary" onClick={() => navigate('/main')}>
            {t('notFound.backHome')}
          </Button>
          {canGoBack && <Button onClick={() => navigate(-1)}>{t('notFound.back')}</Button>}
        </Space>
      }
    />
  );
}
