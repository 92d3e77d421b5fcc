/**
 * What `react-style-singleton` means in the browser build (an alias in vite.config.ts), with the same
 * exports and behaviour, but the CSS goes into a constructable stylesheet instead of a `<style>`
 * element (lib/adopted-style.ts), so the CSP needs no 'unsafe-inline' for styles (docs/decisions/045).
 *
 * Its user is Radix's scroll lock for dialogs (react-remove-scroll and react-remove-scroll-bar):
 * while a dialog is open, a sheet holding the scroll-bar width measured when the first lock was taken
 * hides the page's scroll bar and pads the body by that width (no layout jump). As in the original:
 * the first `add` of a singleton applies its CSS, later ones only count (nested dialogs keep the
 * first measurement), and the sheet goes away when the last one is removed.
 */
import { useEffect, type FC } from 'react';

import { adoptStyle } from './adopted-style.ts';

export const stylesheetSingleton = () => {
  let counter = 0;
  let remove: (() => void) | null = null;
  return {
    add(style: string) {
      if (counter === 0) remove = adoptStyle(style);
      counter++;
    },
    remove() {
      counter--;
      if (counter === 0 && remove) {
        remove();
        remove = null;
      }
    },
  };
};

export const styleHookSingleton = () => {
  const sheet = stylesheetSingleton();
  return (styles: string, isDynamic?: boolean) => {
    useEffect(
      () => {
        sheet.add(styles);
        return () => sheet.remove();
      },
      // Same as the original: re-applied on a change only when the styles are marked dynamic.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      [styles && isDynamic],
    );
  };
};

export const styleSingleton = () => {
  const useStyle = styleHookSingleton();
  const Sheet: FC<{ styles: string; dynamic?: boolean }> = ({ styles, dynamic }) => {
    useStyle(styles, dynamic);
    return null;
  };
  return Sheet;
};
