import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';

export interface MenuDrawer {
  open: boolean;
  toggle: () => void;
  /** The Menu button: focus comes back to it when Escape closes the menu. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** The menu itself: it takes focus when it opens. */
  drawerRef: RefObject<HTMLElement | null>;
}

/**
 * The menu behind the Menu button at phone width. Opening it moves focus into it; Escape closes
 * it and gives focus back to the button; a press or focus outside the menu and a change of page
 * close it. At wider widths the menu is always shown and this state changes nothing on screen.
 */
export function useMenuDrawer(): MenuDrawer {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    drawerRef.current?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    // A press or focus anywhere else (Tab past the menu's ends) leaves the menu: it closes.
    const onOutside = (e: Event) => {
      const target = e.target as Node;
      if (drawerRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open]);

  return { open, toggle: () => setOpen((o) => !o), buttonRef, drawerRef };
}
