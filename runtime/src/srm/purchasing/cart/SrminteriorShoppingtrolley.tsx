/**
 * purNoProductiveMaterial/SrminteriorShoppingtrolley: the user's cart. Change a quantity
 * (doAddCount with the difference), delete a line or all lines; the total count and amount
 * are shown, and every change reaches the shell's badge. The ticked lines (all, at first) are checked out
 * into requisitions, one per supplier (doSubmitGoods, issue 18).
 */
import { Button, Card, Empty, Popconfirm, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../core/format';
import { useGrantedResources } from '../../../core/useResources';
import { useLanguage } from '../../../i18n';
import { useCartColumns } from './cartColumns';
import { cartTotal, MALL_PATH, type CartLine } from './cartModel';
import { useCart } from './useCart';
import { useOpenCartPage } from './useOpenCartPage';

function CartSummary({ lines, count }: { lines: CartLine[]; count: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={4}>
        <Typography.Text strong>{t('cart.total')}</Typography.Text>
      </Table.Summary.Cell>
      <Table.Summary.Cell index={1}>
        <span data-testid="cart-total-count">{t('cart.totalCount', { count })}</span>
      </Table.Summary.Cell>
      <Table.Summary.Cell index={2} align="right">
        <Typography.Text strong data-testid="cart-total-amount">
          {formatAmount(cartTotal(lines), language)}
        </Typography.Text>
      </Table.Summary.Cell>
      <Table.Summary.Cell index={3} />
    </Table.Summary.Row>
  );
}

/**
 * The ticked lines: every line at first and every line added later (the unticked ones are kept
 * instead; a cart line's id is never used again, so a stale one is harmless).
 */
function useChosenLines(lines: CartLine[]) {
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());
  const ids = lines.map((line) => Number(line.cartId));
  return {
    keys: ids.filter((id) => !unticked.has(id)),
    set: (keys: number[]) => setUnticked(new Set(ids.filter((id) => !keys.includes(id)))),
  };
}

export function SrminteriorShoppingtrolley() {
  const { t } = useTranslation();
  const openPage = useOpenCartPage();
  const { granted } = useGrantedResources();
  const { cart, ...actions } = useCart();
  const columns = useCartColumns(actions, granted);
  const lines = cart?.lines ?? [];
  const chosen = useChosenLines(lines);
  const extra = (
    <Space>
      <Button onClick={() => openPage(MALL_PATH)}>{t('cart.continueShopping')}</Button>
      {granted.has('btnSubmitGoods') && (
        <Tooltip title={t('cart.checkoutHint')}>
          <Button type="primary" disabled={!chosen.keys.length} onClick={() => void actions.checkout(chosen.keys)}>
            {t('cart.checkout')}
          </Button>
        </Tooltip>
      )}
      {granted.has('btnDeleteAll') && (
        <Popconfirm title={t('cart.deleteAllConfirm')} onConfirm={actions.removeAll} disabled={!lines.length}>
          <Button danger disabled={!lines.length}>
            {t('cart.deleteAll')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
  return (
    <Card title={t('cart.cart')} extra={extra}>
      <Table<CartLine>
        rowKey="cartId"
        size="small"
        loading={!cart}
        columns={columns}
        dataSource={lines}
        pagination={false}
        rowSelection={{
          selectedRowKeys: chosen.keys,
          onChange: (keys) => chosen.set(keys.map(Number)),
        }}
        locale={{ emptyText: <Empty description={t('cart.empty')} /> }}
        summary={() => lines.length > 0 && <CartSummary lines={lines} count={cart?.count ?? 0} />}
      />
    </Card>
  );
}
