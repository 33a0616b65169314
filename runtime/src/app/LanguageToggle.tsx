/** CN ⇄ EN switch in the header; the choice is remembered (localStorage meridian.language). */
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, useLanguage } from '../i18n';

export function LanguageToggle() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Button
      type="text"
      title={t('app.languageToggleLabel')}
      onClick={() => void changeLanguage(language === 'CN' ? 'EN' : 'CN')}
      style={{ color: 'inherit' }}
    >
      {t('app.languageToggle')}
    </Button>
  );
}
