import { endpointUrl, PUBLIC_SITE_PATHS } from '@eisteddfod/shared';

/** The event's PDFs (made by the server from the event's data); opened in a new tab. */
export const PROSPECTUS_URL = PUBLIC_SITE_PATHS.prospectus;
export const FAQ_URL = PUBLIC_SITE_PATHS.faq;

export function adjudicatorBioUrl(slug: string): string {
  return endpointUrl({ path: PUBLIC_SITE_PATHS.adjudicatorBio }, { slug });
}

/** Where the public site's pictures live (apps/web/public); the content names the files. */
export const artworkSrc = (file: string) => `/artworks/${encodeURIComponent(file)}`;
export const schoolLogoSrc = (file: string) => `/schools/${encodeURIComponent(file)}`;
export const portraitSrc = (file: string) => `/adjudicators/${encodeURIComponent(file)}`;
