/**
 * purNoProductiveMaterial/SrminteriorShopping: the non-production goods mall. A buyer searches
 * the goods on sale and adds them to the cart with a quantity; the badge in the header follows.
 */
import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/feedback';
import { useGrantedResources } from '../../../core/useResources';
import type { DataRecord } from '../../../meta';
import { TROLLEY_PATH } from './cartModel';
import { useGoodsColumns } from './goodsColumns';
import { useCartApi } from './useCartApi';
import { useOpenCartPage } from './useOpenCartPage';

const PAGE_ROWS = 20;

function useGoods(keyword: string, pageIndex: number) {
  const api = useCartApi();
  const feedback = useFeedback();
  const [state, setState] = useState<{ rows: DataRecord[]; total: number; loading: boolean }>({
    rows: [],
    total: 0,
    loading: true,
  });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    api.listGoods(keyword, pageIndex, PAGE_ROWS).then(
      (found) => live && setState({ ...found, loading: false }),
      (e) => {
        if (live) {
          setState({ rows: [], total: 0, loading: false });
          feedback.error(e);
        }
      },
    );
    return () => {
      live = false;
    };
  }, [api, feedback, keyword, pageIndex]);
  return state;
}

export function SrminteriorShopping() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const api = useCartApi();
  const openPage = useOpenCartPage();
  const { granted } = useGrantedResources();
  const [keyword, setKeyword] = useState('');
  const [pageIndex, setPageIndex] = useState(1);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const goods = useGoods(keyword, pageIndex);
  const add = useCallback(
    async (id: number) => {
      try {
        await api.add(id, quantities[id] ?? 1);
        feedback.success(t('cart.added'));
      } catch (e) {
        feedback.error(e);
      }
    },
    [api, feedback, quantities, t],
  );

  const columns = useGoodsColumns({
    quantities,
    add,
    canAdd: granted.has('btnAddCart'),
    setQuantity: (id, quantity) => setQuantities((q) => ({ ...q, [id]: quantity })),
  });
  return (
    <Card
      title={t('cart.goods')}
      extra={
        <Button icon={<ShoppingCartOutlined aria-hidden />} onClick={() => openPage(TROLLEY_PATH)}>
          {t('cart.openCart')}
        </Button>
      }
    >
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('cart.searchPlaceholder')}
          placeholder={t('cart.searchPlaceholder')}
          enterButton={t('cart.search')}
          allowClear
          onSearch={(value) => {
            setPageIndex(1);
            setKeyword(value.trim());
          }}
          style={{ width: 360 }}
        />
      </Space>
      <Table<DataRecord>
        rowKey="noProductiveMaterialId"
        size="small"
        loading={goods.loading}
        columns={columns}
        dataSource={goods.rows}
        pagination={{
          current: pageIndex,
          pageSize: PAGE_ROWS,
          total: goods.total,
          onChange: setPageIndex,
          showSizeChanger: false,
        }}
      />
    </Card>
  );
}
