import { CLIENT_UPLOAD_DEFAULTS, type ClientConfig } from '@eisteddfod/shared';

/** The event time zone files are named in when the configuration has not arrived (spec 5). */
const DEFAULT_TIME_ZONE = 'Africa/Johannesburg';

export interface UploadSettings {
  videoMaxBytes: number;
  documentMaxBytes: number;
  stallSeconds: number;
  timeZone: string;
}

/** The server's limits from GET /api/config, else the defaults of the shared package. */
export function uploadSettings(config: ClientConfig | undefined): UploadSettings {
  return {
    videoMaxBytes: config?.videoMaxBytes ?? CLIENT_UPLOAD_DEFAULTS.videoMaxBytes,
    documentMaxBytes: config?.documentMaxBytes ?? CLIENT_UPLOAD_DEFAULTS.documentMaxBytes,
    stallSeconds: config?.uploadStallSeconds ?? CLIENT_UPLOAD_DEFAULTS.uploadStallSeconds,
    timeZone: config?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}
