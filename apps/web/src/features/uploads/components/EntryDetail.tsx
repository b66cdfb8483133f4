import { type OrderItemUpload, type ParticipantOrderItem } from '@eisteddfod/shared';
import { canDeleteFrom, canUploadTo, finaliseReadiness } from '../entry-state.ts';
import { mainFiles, supportingFiles } from '../upload-checks.ts';
import type { UploadKind } from '../upload-messages.ts';
import type { UploadSettings } from '../upload-settings.ts';
import classes from '../uploads.module.css';
import { EntryFooter } from './EntryFooter.tsx';
import { FileArea } from './FileArea.tsx';
import { FilePicker } from './FilePicker.tsx';
import { FileTable } from './FileTable.tsx';
import { text, uploadText } from '../text.ts';

/**
 * An entry's detail, one tap from its row (decision 028): spec 2's main-files and supporting-files
 * areas with their tables and uploaders, then the footer (withdraw, or why it is closed).
 */
export function EntryDetail(props: {
  entry: ParticipantOrderItem;
  settings: UploadSettings;
  uploading: boolean;
  deletingId: number | null;
  onUpload: (kind: UploadKind, file: File) => void;
  onView: (upload: OrderItemUpload) => void;
  onDelete: (upload: OrderItemUpload) => void;
  onWithdraw: () => void;
}) {
  const { entry } = props;
  const main = mainFiles(entry);
  const supporting = supportingFiles(entry);
  const uploadsOpen = canUploadTo(entry);
  const deletable = canDeleteFrom(entry) && !props.uploading;
  const code = entry.itemCode;

  // Uploading the main file is the step to take until there is one; then it is Finalise Entry.
  const needsMain =
    finaliseReadiness(entry) === 'no-main-file' || finaliseReadiness(entry) === 'unreadable';
  const picker = (kind: UploadKind, label: string, accessibleLabel: string) => (
    <FilePicker
      prominent={kind !== 'document' && needsMain}
      kind={kind}
      label={label}
      accessibleLabel={accessibleLabel}
      entry={entry}
      settings={props.settings}
      disabled={props.uploading}
      onAccepted={(file) => props.onUpload(kind, file)}
    />
  );
  const table = (label: string, files: OrderItemUpload[]) => (
    <FileTable
      label={label}
      files={files}
      timeLimitSeconds={entry.item.timeLimitSeconds}
      canDelete={deletable}
      deletingId={props.deletingId}
      onView={props.onView}
      onDelete={props.onDelete}
    />
  );

  return (
    <>
      <FileArea title={text('mainEntryFiles')} count={main.length} defaultOpen>
        {table(text('mainFilesOf', { code }), main)}
        {uploadsOpen && (
          // Only the uploader the item takes (decision 045): a Visual Arts entry's main file is
          // an image or a PDF, a performance's a recording; the other is always refused.
          <div className={classes.pickerRow} data-main-pickers>
            {entry.acceptsImages
              ? picker('image', text('uploadImage'), text('uploadImageFor', { code }))
              : picker('video', text('uploadVideo'), text('uploadVideoFor', { code }))}
          </div>
        )}
      </FileArea>
      <FileArea
        title={text('supportingFiles')}
        hint={uploadText('supportingFiles')}
        count={supporting.length}
        defaultOpen={supporting.length > 0}
      >
        {table(text('supportingFilesOf', { code }), supporting)}
        {uploadsOpen &&
          picker('document', text('uploadDocument'), text('uploadDocumentFor', { code }))}
      </FileArea>
      <EntryFooter entry={entry} busy={props.uploading} onWithdraw={props.onWithdraw} />
    </>
  );
}
