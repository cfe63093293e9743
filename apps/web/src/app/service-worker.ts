/**
 * Registers the service worker (public/sw.js) once the page has loaded, in a production build only:
 * it keeps the app shell so a repeat visit paints from cache and the app opens without a
 * connection (decision 100). The push settings register the same worker (the same URL and scope).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // a browser that refuses (private mode, a policy) runs the app without it
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
