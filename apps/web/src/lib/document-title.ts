import { useEffect } from 'react';
import { text } from './text.ts';

/**
 * Sets the tab title while a screen is shown (`Contact · Online Eisteddfod`), then restores the
 * default. A title that already names the site is used as it is.
 */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) document.title = text('defaultTitle');
    else document.title = title.includes(text('siteName')) ? title : text('titleOnSite', { title });
    return () => {
      document.title = text('defaultTitle');
    };
  }, [title]);
}
