import { Button, Group } from '@mantine/core';
import type { OrderItemUpload } from '@eisteddfod/shared';
import classes from '../uploads.module.css';

function Tick() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M5 12.5l4.5 4.5L19 7.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Spec 2: an entry's files (Filename, Status, Actions); each can be viewed, or deleted. */
export function FileTable(props: {
  label: string;
  files: OrderItemUpload[];
  canDelete: boolean;
  deletingId: number | null;
  onView: (upload: OrderItemUpload) => void;
  onDelete: (upload: OrderItemUpload) => void;
}) {
  return (
    <table className={classes.files} aria-label={props.label}>
      <thead>
        <tr>
          <th scope="col">Filename</th>
          <th scope="col">Status</th>
          <th scope="col" className={classes.actions}>
            Actions
          </th>
        </tr>
      </thead>
      <tbody>
        {props.files.length === 0 && (
          <tr>
            <td colSpan={3} className={classes.empty}>
              No files uploaded yet.
            </td>
          </tr>
        )}
        {props.files.map((upload) => (
          <tr key={upload.id}>
            <td data-label="Filename" className={classes.name}>
              {upload.originalFileName}
            </td>
            <td data-label="Status">
              <span className={classes.complete}>
                <Tick />
                Complete
              </span>
            </td>
            <td data-label="Actions" className={classes.actions}>
              <Group gap="xs" justify="flex-end" wrap="nowrap" display="inline-flex">
                <Button
                  size="sm"
                  variant="light"
                  aria-label={`View ${upload.originalFileName}`}
                  onClick={() => props.onView(upload)}
                >
                  View
                </Button>
                {props.canDelete && (
                  <Button
                    size="sm"
                    variant="outline"
                    color="red.9"
                    aria-label={`Delete ${upload.originalFileName}`}
                    loading={props.deletingId === upload.id}
                    onClick={() => props.onDelete(upload)}
                  >
                    Delete
                  </Button>
                )}
              </Group>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
