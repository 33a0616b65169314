/**
 * Header cell with a drag handle on its right edge (ColumnConfig.resizable, default true). The
 * new width is reported when the drag ends, so a drag saves one layout, not one per pixel. The
 * handle is also a keyboard control: arrow keys resize by 10 px.
 */
import { useRef, useState, type KeyboardEvent, type MouseEvent, type ThHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

export const MIN_RESIZED_WIDTH = 30;
const KEY_STEP = 10;

export interface ResizableHeaderProps extends ThHTMLAttributes<HTMLTableCellElement> {
  /** Present only on resizable columns. */
  onResizeEnd?: (width: number) => void;
  resizeLabel?: string;
}

function clampWidth(width: number): number {
  return Math.max(MIN_RESIZED_WIDTH, Math.round(width));
}

export function ResizableHeaderCell({ onResizeEnd, resizeLabel, children, style, ...rest }: ResizableHeaderProps) {
  const { t } = useTranslation();
  const cell = useRef<HTMLTableCellElement>(null);
  const [dragWidth, setDragWidth] = useState<number | null>(null);
  if (!onResizeEnd) return <th {...rest} style={style}>{children}</th>;

  const currentWidth = () => cell.current?.getBoundingClientRect().width || Number(style?.width) || 100;
  const startDrag = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    const startWidth = currentWidth();
    const widthAt = (x: number) => clampWidth(startWidth + x - startX);
    const move = (moved: globalThis.MouseEvent) => setDragWidth(widthAt(moved.clientX));
    const up = (released: globalThis.MouseEvent) => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
      setDragWidth(null);
      onResizeEnd(widthAt(released.clientX));
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    onResizeEnd(clampWidth(currentWidth() + (event.key === 'ArrowRight' ? KEY_STEP : -KEY_STEP)));
  };

  return (
    <th {...rest} ref={cell} style={{ ...style, position: 'relative', ...(dragWidth ? { width: dragWidth, minWidth: dragWidth } : {}) }}>
      {children}
      <span
        role="separator"
        aria-orientation="vertical"
        aria-label={t('grid.resizeColumn', { title: resizeLabel ?? '' })}
        tabIndex={0}
        className="meridian-grid-resize"
        onMouseDown={startDrag}
        onKeyDown={onKeyDown}
        onClick={(event) => event.stopPropagation()}
        style={{ position: 'absolute', top: 0, right: 0, bottom: 0, width: 6, cursor: 'col-resize', zIndex: 1 }}
      />
    </th>
  );
}
