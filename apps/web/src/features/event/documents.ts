/** The event's PDFs (made by the server from the event's data); opened in a new tab. */
export const PROSPECTUS_URL = '/api/documents/prospectus.pdf';
export const FAQ_URL = '/api/documents/faq.pdf';

export function adjudicatorBioUrl(slug: string): string {
  return `/api/documents/adjudicators/${encodeURIComponent(slug)}.pdf`;
}

/** Where the public site's pictures live (apps/web/public); the content names the files. */
export const artworkSrc = (file: string) => `/artworks/${encodeURIComponent(file)}`;
export const schoolLogoSrc = (file: string) => `/schools/${encodeURIComponent(file)}`;
export const portraitSrc = (file: string) => `/adjudicators/${encodeURIComponent(file)}`;
