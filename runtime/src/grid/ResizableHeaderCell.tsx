/**
 * Header cell with a drag handle on its right edge (ColumnConfig.resizable, default true). The
 * new width is reported when the drag ends, so a drag saves one layout, not one per pixel. The
 * handle is hidden from assistive technology: inside the header it would become part of the
 * column's accessible name ("Status Resize column Status").
 */
import { useRef, useState, type MouseEvent, type ThHTMLAttributes } from 'react';

export const MIN_RESIZED_WIDTH = 30;

export interface ResizableHeaderProps extends ThHTMLAttributes<HTMLTableCellElement> {
  /** Present only on resizable columns. */
  onResizeEnd?: (width: number) => void;
  /** The column's title, kept on the handle (data-resize). */
  resizeLabel?: string;
  /** The column's configured width: the start of a drag where the cell cannot be measured. */
  baseWidth?: number;
}

function clampWidth(width: number): number {
  return Math.max(MIN_RESIZED_WIDTH, Math.round(width));
}

export function ResizableHeaderCell({
  onResizeEnd,
  resizeLabel,
  baseWidth,
  children,
  style,
  ...rest
}: ResizableHeaderProps) {
  const cell = useRef<HTMLTableCellElement>(null);
  const [dragWidth, setDragWidth] = useState<number | null>(null);
  if (!onResizeEnd)
    return (
      <th {...rest} style={style}>
        {children}
      </th>
    );

  const currentWidth = () => cell.current?.getBoundingClientRect().width || baseWidth || 100;
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

  return (
    <th
      {...rest}
      ref={cell}
      style={{ ...style, position: 'relative', ...(dragWidth ? { width: dragWidth, minWidth: dragWidth } : {}) }}
    >
      {children}
      <span
        aria-hidden="true"
        data-resize={resizeLabel}
        className="meridian-grid-resize"
        onMouseDown={startDrag}
        onClick={(event) => event.stopPropagation()}
        style={{ position: 'absolute', top: 0, right: 0, bottom: 0, width: 6, cursor: 'col-resize', zIndex: 1 }}
      />
    </th>
  );
}
