/**
 * `/` and `/login`. PLACEHOLDER: the real login (baseLoginRestful/login, captcha,
 * responsibilities) is the identity issue's work; this page only leads into the shell.
 */
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageToggle } from './LanguageToggle';

export function LoginPlaceholder() {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 96 }}>
      <Card style={{ width: 480 }} extra={<LanguageToggle />} title={t('app.name')}>
        <Result
          status="info"
          title={t('login.title')}
          subTitle={t('login.placeholder')}
          extra={<Link to="/main">{t('login.enter')}</Link>}
        />
      </Card>
    </div>
  );
}
