import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page starts at its top: moving to another path by a link or after a save scrolls the window
 * up (the home after 'Journal entry saved' shows the new entry, not the journaling page's scroll
 * position). A change of the query string on the same page (tabs, filters) keeps the position, and
 * Back and Forward leave it to the browser.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
