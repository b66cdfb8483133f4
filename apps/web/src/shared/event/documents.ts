import { endpointUrl, PUBLIC_SITE_PATHS, UPLOADED_SITE_IMAGE } from '@eisteddfod/shared';

/** The event's PDFs (made by the server from the event's data); opened in a new tab. */
export const PROSPECTUS_URL = PUBLIC_SITE_PATHS.prospectus;
export const FAQ_URL = PUBLIC_SITE_PATHS.faq;

export function adjudicatorBioUrl(slug: string): string {
  return endpointUrl({ path: PUBLIC_SITE_PATHS.adjudicatorBio }, { slug });
}

/** Whether the content names a picture an organiser uploaded (rather than one of the demo's). */
export const isUploadedImage = (file: string) => UPLOADED_SITE_IMAGE.test(file);

/**
 * Where the public site's pictures live: an organiser's uploads are served by the API, the
 * demo's own files are in apps/web/public. The content names the files.
 */
const imageSrc = (folder: string) => (file: string) =>
  isUploadedImage(file)
    ? endpointUrl({ path: PUBLIC_SITE_PATHS.siteImage }, { name: file })
    : `/${folder}/${encodeURIComponent(file)}`;
export const artworkSrc = imageSrc('artworks');
export const schoolLogoSrc = imageSrc('schools');
export const portraitSrc = imageSrc('adjudicators');
