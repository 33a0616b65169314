/** Columns of the cart table: goods, supplier, price, an editable quantity, amount, delete. */
import { Button, InputNumber, Popconfirm, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../core/format';
import { useLanguage } from '../../../i18n';
import type { CartLine } from './cartModel';
import type { CartActions } from './useCart';

/** A quantity edited freely and sent once, on Enter or when the field is left (not per keystroke). */
function CountInput({
  label,
  count,
  disabled,
  onCommit,
}: {
  label: string;
  count: number;
  disabled: boolean;
  onCommit: (value: number | null) => void;
}) {
  const [draft, setDraft] = useState<number | null>(count);
  useEffect(() => setDraft(count), [count]);
  return (
    <InputNumber
      aria-label={label}
      min={1}
      precision={0}
      disabled={disabled}
      value={draft}
      onChange={setDraft}
      onBlur={() => onCommit(draft)}
      onPressEnter={() => onCommit(draft)}
    />
  );
}

export function useCartColumns(actions: CartActions, granted: Set<string>): TableColumnsType<CartLine> {
  const { t } = useTranslation();
  const language = useLanguage();
  return [
    { title: t('cart.itemName'), dataIndex: 'goodsName' },
    { title: t('cart.supplier'), dataIndex: 'supplierName' },
    {
      title: t('cart.price'),
      key: 'price',
      align: 'right',
      width: 130,
      render: (_, line) => formatAmount(line.unitPriceIncl, language),
    },
    {
      title: t('cart.quantity'),
      key: 'count',
      width: 130,
      render: (_, line) => (
        <CountInput
          label={`${t('cart.quantity')} ${line.goodsName ?? ''}`}
          disabled={!granted.has('btnEdit')}
          count={Number(line.count)}
          onCommit={(value) => actions.changeCount(line, value)}
        />
      ),
    },
    {
      title: t('cart.amount'),
      key: 'amount',
      align: 'right',
      width: 140,
      render: (_, line) => formatAmount(line.amount, language),
    },
    {
      title: t('cart.operate'),
      key: 'operate',
      width: 100,
      render: (_, line) =>
        granted.has('btnDelete') && (
          <Popconfirm title={t('cart.deleteConfirm')} onConfirm={() => actions.remove(line)}>
            <Button type="link" danger aria-label={`${t('cart.delete')} ${line.goodsName ?? ''}`}>
              {t('cart.delete')}
            </Button>
          </Popconfirm>
        ),
    },
  ];
}
