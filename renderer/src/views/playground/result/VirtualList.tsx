import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { visibleRange } from './virtual-range';

/**
 * A fixed-row-height list that renders only the rows in view (plus a few either side), so a list of a
 * hundred thousand rows costs as much as one of forty. Rows are absolutely positioned inside a spacer
 * as tall as the whole list; positions are set through the CSSOM, which the CSP allows.
 */
export function VirtualList(props: {
  count: number;
  rowHeight: number;
  className?: string;
  label: string;
  role?: string;
  renderRow: (index: number) => ReactNode;
  scrollToIndex?: number | undefined;
  /** Like a log: while scrolled to the end, stay there as rows arrive. */
  followTail?: boolean;
  /** Shrink to the rows when they need less than this height (in pixels); otherwise the CSS height applies. */
  maxHeight?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  // Until the first resize observation: the height the list is given, or a guess.
  const [height, setHeight] = useState(() =>
    props.maxHeight !== undefined ? Math.min(props.maxHeight, props.count * props.rowHeight) : 400,
  );
  const atEnd = useRef(true);
  // Where the list is scrolled and how tall it is, as last seen. Read here instead of from the element,
  // whose scrollTop and clientHeight would make the browser lay out the page inside React's commit.
  const viewport = useRef({ top: 0, height });

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !props.followTail || !atEnd.current) return;
    el.scrollTop = el.scrollHeight;
    viewport.current.top = el.scrollTop;
    setScrollTop(el.scrollTop);
  }, [props.count, props.followTail]);

  // The observer reports the size once the browser has laid the list out anyway (and on every change).
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      viewport.current.height = el.clientHeight;
      setHeight(el.clientHeight);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el || props.scrollToIndex === undefined) return;
    const top = props.scrollToIndex * props.rowHeight;
    const view = viewport.current;
    if (top < view.top || top + props.rowHeight > view.top + view.height) el.scrollTop = Math.max(0, top - view.height / 2);
  }, [props.scrollToIndex, props.rowHeight]);

  const { start, end } = visibleRange(scrollTop, height, props.rowHeight, props.count);
  const rows: ReactNode[] = [];
  for (let i = start; i < end; i++) {
    rows.push(
      <div key={i} className="pg-vrow" style={{ transform: `translateY(${i * props.rowHeight}px)`, height: props.rowHeight }}>
        {props.renderRow(i)}
      </div>,
    );
  }
  return (
    <div
      ref={ref}
      className={`pg-virtual ${props.className ?? ''}`}
      role={props.role}
      aria-label={props.label}
      tabIndex={0}
      style={props.maxHeight !== undefined ? { height: Math.min(props.maxHeight, props.count * props.rowHeight + 2) } : undefined}
      onScroll={(e) => {
        const el = e.currentTarget;
        atEnd.current = el.scrollTop + el.clientHeight >= el.scrollHeight - props.rowHeight;
        viewport.current.top = el.scrollTop;
        setScrollTop(el.scrollTop);
      }}
    >
      <div className="pg-vspacer" style={{ height: props.count * props.rowHeight }}>
        {rows}
      </div>
    </div>
  );
}
