/**
 * The one import point for toasts: `toast` from react-toastify's *unstyled* build. Its styles come
 * from the page's stylesheet (index.css imports react-toastify's CSS) instead of an injected
 * <style> tag, so a strict CSP (`style-src 'self'`) holds. Every module must use this entry (or
 * 'react-toastify/unstyled'): the styled entry keeps a separate toast store whose toasts this
 * app's container would not show.
 */
export { toast } from 'react-toastify/unstyled';
