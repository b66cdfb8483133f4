import { useEffect } from 'react';

const SITE_NAME = 'Online Eisteddfod';
const DEFAULT_TITLE = `${SITE_NAME} – Entry Portal`;

/**
 * Sets the tab title while a screen is shown (`Contact · Online Eisteddfod`), then restores the
 * default. A title that already names the site is used as it is.
 */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) document.title = DEFAULT_TITLE;
    else document.title = title.includes(SITE_NAME) ? title : `${title} · ${SITE_NAME}`;
    return () => {
      document.title = DEFAULT_TITLE;
    };
  }, [title]);
}
