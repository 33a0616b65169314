/** Columns of the mall's goods table: code, name, supplier, unit, price, a quantity and "add to cart". */
import { Button, InputNumber, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../core/format';
import { localized } from '../../../home/homeRules';
import { useLanguage } from '../../../i18n';
import type { DataRecord } from '../../../meta';

export interface GoodsColumnProps {
  quantities: Record<number, number>;
  setQuantity(id: number, quantity: number): void;
  /** Adds the goods to the cart; reports its own failure. */
  add(id: number): Promise<void>;
  /** btnAddCart is granted on this screen. */
  canAdd: boolean;
}

export function useGoodsColumns({
  quantities,
  setQuantity,
  add,
  canAdd,
}: GoodsColumnProps): TableColumnsType<DataRecord> {
  const { t } = useTranslation();
  const language = useLanguage();
  const idOf = (row: DataRecord) => Number(row.noProductiveMaterialId);
  return [
    { title: t('cart.itemCode'), dataIndex: 'goodsCode', width: 130 },
    { title: t('cart.itemName'), key: 'name', render: (_, row) => localized(row, 'goodsName', language) },
    { title: t('cart.supplier'), dataIndex: 'supplierName' },
    { title: t('cart.uom'), dataIndex: 'uomCode', width: 80 },
    {
      title: t('cart.price'),
      key: 'price',
      align: 'right',
      width: 130,
      render: (_, row) => formatAmount(row.unitPriceIncl, language),
    },
    {
      title: t('cart.quantity'),
      key: 'quantity',
      width: 120,
      render: (_, row) => (
        <InputNumber
          aria-label={`${t('cart.quantity')} ${String(row.goodsCode)}`}
          min={1}
          precision={0}
          value={quantities[idOf(row)] ?? 1}
          onChange={(v) => setQuantity(idOf(row), Number(v) || 1)}
        />
      ),
    },
    {
      title: t('cart.operate'),
      key: 'add',
      width: 140,
      render: (_, row) =>
        canAdd && (
          <Button
            type="link"
            aria-label={`${t('cart.addToCart')} ${String(row.goodsCode)}`}
            onClick={() => void add(idOf(row))}
          >
            {t('cart.addToCart')}
          </Button>
        ),
    },
  ];
}
