/** Any path no route or page metadata knows (spec 1 section 2: not-found page). */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export function NotFound({ detail }: { detail?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={detail ?? t('notFound.text')}
      extra={
        <Button type="primary" onClick={() => navigate('/main')}>
          {t('notFound.backHome')}
        </Button>
      }
    />
  );
}
