/** Y/N shown as a green or grey icon (docs/architecture.md "Spec: constants": green for true, grey for false). */
import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export const FLAG_TRUE_COLOR = '#52c41a';
export const FLAG_FALSE_COLOR = '#bfbfbf';

export function FlagIcon({ value }: { value?: unknown }) {
  const { t } = useTranslation();
  if (value === 'Y') {
    return <CheckCircleFilled role="img" aria-label={t('common.yes')} style={{ color: FLAG_TRUE_COLOR }} />;
  }
  if (value === 'N') {
    return <MinusCircleOutlined role="img" aria-label={t('common.no')} style={{ color: FLAG_FALSE_COLOR }} />;
  }
  return null;
}
