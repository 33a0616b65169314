/** The shell's empty child (home). The to-do/notice dashboards of spec 1 section 2 come later. */
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function Home() {
  const { t } = useTranslation();
  return (
    <Card>
      <Typography.Title level={3}>{t('app.welcomeTitle')}</Typography.Title>
      <Typography.Paragraph>{t('app.welcomeText')}</Typography.Paragraph>
    </Card>
  );
}
