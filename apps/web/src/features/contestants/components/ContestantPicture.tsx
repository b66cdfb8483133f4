import { extensionOf } from '@eisteddfod/shared';
import classes from './ContestantPicture.module.css';
import { text } from '../text.ts';

export interface PictureView {
  /** A link browsers can show, or null. */
  imageUrl: string | null;
  /** A picture file browsers cannot show (a PDF, PowerPoint or Photoshop file). */
  documentName: string | null;
}

/**
 * A contestant's picture (spec 2): the photo, or a placeholder. A file that browsers cannot
 * show gets a document placeholder naming it; no picture at all shows the initials.
 */
export function ContestantPicture(props: {
  firstName: string;
  surname: string;
  picture: PictureView;
  size: number;
}) {
  const { picture, size } = props;
  const name = `${props.firstName} ${props.surname}`.trim() || text('theContestant');
  let content;
  if (picture.imageUrl) {
    content = (
      <img
        className={classes.photo}
        src={picture.imageUrl}
        alt={text('pictureOf', { name })}
        width={size}
        height={size}
      />
    );
  } else if (picture.documentName) {
    content = (
      <div
        className={classes.document}
        role="img"
        aria-label={text('pictureFileCannotShow', { fileName: picture.documentName })}
        title={picture.documentName}
      >
        <span className={classes.extension}>
          {extensionOf(picture.documentName).toUpperCase() || text('file')}
        </span>
        <span className={classes.fileName}>{picture.documentName}</span>
      </div>
    );
  } else {
    content = (
      <div
        className={classes.initials}
        role="img"
        aria-label={text('noPicture', { name })}
        style={{ fontSize: size * 0.34 }}
      >
        {initials(props.firstName, props.surname) || <Silhouette size={size * 0.6} />}
      </div>
    );
  }
  return (
    <div className={classes.frame} style={{ width: size, height: size }}>
      {content}
    </div>
  );
}

function initials(firstName: string, surname: string): string {
  const letters = [firstName, surname].map((part) => part.trim().charAt(0).toUpperCase());
  return letters.join('');
}

/** A head and shoulders, for a contestant whose name is not typed in yet. */
function Silhouette({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <circle cx="12" cy="8" r="4.5" />
      <path d="M3 22c0-5 4-8.5 9-8.5s9 3.5 9 8.5z" />
    </svg>
  );
}
