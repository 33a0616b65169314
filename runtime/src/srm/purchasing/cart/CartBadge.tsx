/**
 * The cart count in the shell header (docs/architecture.md "Spec: shopping cart"): the sum of the counts of
 * the user's cart
 * lines, 0 at first, read from findByUserId at sign-in and refreshed by every cart change. Shown
 * only to users whose menus include the cart screen; a click opens it.
 */
import { ShoppingCartOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenus } from '../../../core/MenuContext';
import { findMenuByPath } from '../../../core/menuTree';
import { createCartApi } from './cartApi';
import { INITIAL_CART_COUNT, onCartCount, TROLLEY_PATH } from './cartModel';
import { useOpenCartPage } from './useOpenCartPage';

export function CartBadge() {
  const { t } = useTranslation();
  const openPage = useOpenCartPage();
  const menu = findMenuByPath(useMenus(), TROLLEY_PATH);
  const [count, setCount] = useState(INITIAL_CART_COUNT);
  useEffect(() => onCartCount(setCount), []);
  useEffect(() => {
    if (!menu) return;
    // A failed read leaves the count as it was; the next cart change corrects it.
    createCartApi({})
      .findByUserId()
      .catch(() => undefined);
  }, [menu]);
  if (!menu) return null;
  return (
    <Button
      type="text"
      aria-label={t('cart.badge', { count })}
      data-testid="cart-badge"
      onClick={() => openPage(TROLLEY_PATH)}
      icon={
        <Badge count={count} showZero size="small" offset={[4, -2]}>
          <ShoppingCartOutlined aria-hidden />
        </Badge>
      }
    />
  );
}
