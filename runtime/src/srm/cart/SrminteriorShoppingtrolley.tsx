/**
 * purNoProductiveMaterial/SrminteriorShoppingtrolley: the user's cart. Change a quantity
 * (doAddCount with the difference), delete a line or all lines; the total count and amount
 * are shown, and every change reaches the shell's badge.
 */
import { Button, Card, Empty, InputNumber, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../core/feedback';
import { formatAmount } from '../../core/format';
import { useGrantedResources } from '../../core/useResources';
import { useLanguage } from '../../i18n';
import { useOpenPage } from '../../pages/navigation';
import type { CartState } from './cartApi';
import { cartTotal, MALL_PATH, type CartLine } from './cartModel';
import { useCartApi } from './useCartApi';

/** A quantity edited freely and sent once, on Enter or when the field is left (not per keystroke). */
function CountInput({ label, count, disabled, onCommit }: { label: string; count: number; disabled: boolean; onCommit: (value: number | null) => void }) {
  const [draft, setDraft] = useState<number | null>(count);
  useEffect(() => setDraft(count), [count]);
  return (
    <InputNumber aria-label={label} min={1} precision={0} disabled={disabled} value={draft} onChange={setDraft}
      onBlur={() => onCommit(draft)} onPressEnter={() => onCommit(draft)} />
  );
}

export function SrminteriorShoppingtrolley() {
  const { t } = useTranslation();
  const language = useLanguage();
  const feedback = useFeedback();
  const api = useCartApi();
  const openPage = useOpenPage();
  const { granted } = useGrantedResources();
  const [cart, setCart] = useState<CartState>();
  const run = useCallback(async (call: () => Promise<CartState>, done?: string) => {
    try {
      setCart(await call());
      if (done) feedback.success(done);
    } catch (e) {
      feedback.error(e);
    }
  }, [feedback]);
  useEffect(() => { void run(() => api.findByUserId()); }, [api, run]);

  const changeCount = (line: CartLine, value: number | null) => {
    const next = Number(value);
    if (!Number.isInteger(next) || next < 1 || next === Number(line.count)) return;
    void run(() => api.addCount(line.cartId, next - Number(line.count)));
  };
  const columns: TableColumnsType<CartLine> = [
    { title: t('cart.itemName'), dataIndex: 'goodsName' },
    { title: t('cart.supplier'), dataIndex: 'supplierName' },
    { title: t('cart.price'), key: 'price', align: 'right', width: 130, render: (_, line) => formatAmount(line.unitPriceIncl, language) },
    {
      title: t('cart.quantity'), key: 'count', width: 130,
      render: (_, line) => (
        <CountInput
          label={`${t('cart.quantity')} ${line.goodsName ?? ''}`}
          disabled={!granted.has('btnEdit')}
          count={Number(line.count)}
          onCommit={(value) => changeCount(line, value)}
        />
      ),
    },
    { title: t('cart.amount'), key: 'amount', align: 'right', width: 140, render: (_, line) => formatAmount(line.amount, language) },
    {
      title: t('cart.operate'), key: 'operate', width: 100,
      render: (_, line) => granted.has('btnDelete') && (
        <Popconfirm title={t('cart.deleteConfirm')} onConfirm={() => run(() => api.remove(line.cartId), t('cart.removed'))}>
          <Button type="link" danger aria-label={`${t('cart.delete')} ${line.goodsName ?? ''}`}>{t('cart.delete')}</Button>
        </Popconfirm>
      ),
    },
  ];
  const lines = cart?.lines ?? [];
  return (
    <Card
      title={t('cart.cart')}
      extra={(
        <Space>
          <Button onClick={() => openPage(MALL_PATH)}>{t('cart.continueShopping')}</Button>
          {granted.has('btnDeleteAll') && (
            <Popconfirm title={t('cart.deleteAllConfirm')} onConfirm={() => run(() => api.removeAll(), t('cart.cleared'))} disabled={!lines.length}>
              <Button danger disabled={!lines.length}>{t('cart.deleteAll')}</Button>
            </Popconfirm>
          )}
        </Space>
      )}
    >
      <Table<CartLine>
        rowKey="cartId"
        size="small"
        loading={!cart}
        columns={columns}
        dataSource={lines}
        pagination={false}
        locale={{ emptyText: <Empty description={t('cart.empty')} /> }}
        summary={() => lines.length > 0 && (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}><Typography.Text strong>{t('cart.total')}</Typography.Text></Table.Summary.Cell>
            <Table.Summary.Cell index={1}><span data-testid="cart-total-count">{t('cart.totalCount', { count: cart?.count ?? 0 })}</span></Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right"><Typography.Text strong data-testid="cart-total-amount">{formatAmount(cartTotal(lines), language)}</Typography.Text></Table.Summary.Cell>
            <Table.Summary.Cell index={3} />
          </Table.Summary.Row>
        )}
      />
    </Card>
  );
}
