/** Y/N choice for search forms, where "not chosen" must stay possible (a checkbox cannot). */
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { FlagIcon } from './FlagIcon';

export function FlagSelectBase(props: Omit<SelectProps, 'options'>) {
  const { t } = useTranslation();
  const options = [
    { value: 'Y', label: t('common.yes') },
    { value: 'N', label: t('common.no') },
  ];
  return <Select allowClear options={options} style={{ width: '100%' }} {...props} />;
}

export const FlagSelect = connect(
  FlagSelectBase,
  mapProps((props, field) => ({ ...props, 'aria-label': (props as SelectProps)['aria-label'] ?? field.title })),
  mapReadPretty(FlagIcon),
);
