/**
 * The head of a form page's card — its title and the Save / Submit / Back buttons — stays at the
 * top of the window while a long form scrolls under it, so Save is never scrolled away (what an
 * antd Pro form's fixed toolbar does). The page scrolls the window, so sticking to top 0 works.
 */
import type { CardProps, ModalProps } from 'antd';

export const STICKY_CARD_HEAD: CardProps['styles'] = {
  header: { position: 'sticky', top: 0, zIndex: 10, background: '#fff' },
};

/**
 * A record modal scrolls its body, not the window: its footer (Save / Cancel) stays on screen
 * however long the form. 220 px leaves room for the modal's top margin, title and footer.
 */
export const SCROLLING_MODAL_BODY: ModalProps['styles'] = {
  body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', overflowX: 'hidden' },
};
