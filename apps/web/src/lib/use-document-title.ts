/** Sets `document.title` to "{title} · Campus Companion" while the calling page is mounted. */
import { useEffect } from 'react';

export const APP_NAME = 'Campus Companion';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
