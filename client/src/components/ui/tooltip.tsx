import { cloneElement, useState, type ComponentType, type FocusEvent, type PointerEvent, type ReactElement } from 'react';

type Popup = ComponentType<{ content: string; children: ReactElement; takeFocus: boolean }>;
type TriggerProps = { onPointerEnter?: (e: PointerEvent<HTMLElement>) => void; onFocus?: (e: FocusEvent<HTMLElement>) => void };

let popup: Popup | undefined;
let loading: Promise<Popup> | undefined;
const loadPopup = () => (loading ??= import('./tooltip-popup.tsx').then((m) => (popup = m.default)));

/**
 * A hover/focus hint. Radix's tooltip and its positioning engine (about 15 KB gzip) load the first
 * time a mouse enters a trigger or the keyboard focuses one, well within the 700 ms open delay, so
 * pages that only show a trigger (the landing page's theme toggle) do not download them. Touch
 * never shows tooltips, and never loads them (no element swap between a tap's down and up).
 */
export function Tooltip({ content, children }: { content: string; children: ReactElement<TriggerProps> }) {
  const [, setLoaded] = useState(false);
  const [takeFocus, setTakeFocus] = useState(false);
  const Loaded = popup;
  if (Loaded)
    return (
      <Loaded content={content} takeFocus={takeFocus}>
        {children}
      </Loaded>
    );
  const arm = (e: PointerEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    const target = e.currentTarget;
    void loadPopup().then(() => {
      setTakeFocus(document.activeElement === target);
      setLoaded(true);
    });
  };
  return cloneElement(children, {
    onPointerEnter: (e) => {
      children.props.onPointerEnter?.(e);
      if (e.pointerType === 'mouse') arm(e);
    },
    onFocus: (e) => {
      children.props.onFocus?.(e);
      if (e.currentTarget.matches(':focus-visible')) arm(e);
    },
  });
}
