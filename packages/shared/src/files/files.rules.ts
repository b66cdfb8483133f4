/** The extension of a file name, lower case, without the dot; '' when there is none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Messages of spec 8 about any uploaded file (pictures and entry files), word for word. */
export const FILE_MESSAGES = {
  uploaded: 'File uploaded successfully',
  duplicateFile:
    'You have already uploaded a file with this name. Please either remove the file or change the name of the file you are uploading.',
  tooLarge: 'The selected file exceeds the maximum allowed size. Please choose a smaller file.',
} as const;
