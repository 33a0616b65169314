/**
 * The head of a form page's card — its title and the Save / Submit / Back buttons — stays at the
 * top of the window while a long form scrolls under it, so Save is never scrolled away (what an
 * antd Pro form's fixed toolbar does). The page scrolls the window, so sticking to top 0 works.
 */
import type { CardProps } from 'antd';

export const STICKY_CARD_HEAD: CardProps['styles'] = {
  header: { position: 'sticky', top: 0, zIndex: 10, background: '#fff' },
};
