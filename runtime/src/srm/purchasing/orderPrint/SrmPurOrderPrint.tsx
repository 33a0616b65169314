/**
 * purOrderManage/srmPurOrderPrint?id=…: the purchase order as a printed A4 sheet in the user's
 * language — company and supplier, the order's terms, its lines and totals, standard terms and
 * signatures — with a Print button. The browser prints only the sheet (orderPrint.css).
 */
import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { currencyDecimals, CURRENCY_LOOKUP } from '../../../core/currency';
import { findLookupValue } from '../../../core/lookupCache';
import { useLookup } from '../../../core/LookupContext';
import { useLanguage } from '../../../i18n';
import type { PageProps } from '../../../pages/types';
import { OrderSheet } from './OrderSheet';
import { orderPrintOf } from './orderPrintModel';
import { useOrderPrint } from './useOrderPrint';
import './orderPrint.css';

export function SrmPurOrderPrint({ page, entities }: PageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useSearchParams()[0].get('id');
  const orderEntity = entities[page.entity ?? ''];
  const { order, company, supplier } = useOrderPrint(entities, orderEntity, id);
  const uoms = useLookup('BASE_UOM');
  const currencies = useLookup(CURRENCY_LOOKUP);
  if (!id) return <Alert type="warning" showIcon message={t('orderPrint.noOrder')} />;
  if (order.isError) return <Alert type="error" showIcon message={t('orderPrint.notFound')} />;
  if (!order.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  const values = { BASE_UOM: uoms, [CURRENCY_LOOKUP]: currencies };
  const lookupOf: Record<string, keyof typeof values> = { uomCode: 'BASE_UOM', currencyCode: CURRENCY_LOOKUP };
  const print = orderPrintOf({
    order: order.data,
    company,
    supplier,
    language,
    scale: currencyDecimals(currencies, order.data.currencyCode) ?? 2,
    meaning: (field, code) => findLookupValue(values[lookupOf[field]], code)?.meaning ?? '',
  });
  return (
    <div>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
          {t('orderPrint.print')}
        </Button>
      </Space>
      <OrderSheet print={print} />
    </div>
  );
}
