import { ApiRequestError } from './api-fetch.ts';

/**
 * Fetches a file the API makes (an export) with the caller's headers and hands it to the
 * browser as a download, named as the server's content-disposition says.
 */
export async function saveDownload(
  url: string,
  headers: Record<string, string>,
  fallbackName: string,
): Promise<void> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new ApiRequestError(response.status, undefined);
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    fallbackName;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}
