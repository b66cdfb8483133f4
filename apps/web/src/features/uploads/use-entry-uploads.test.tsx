// Over 350 lines on purpose: the upload flow's paths (video, document, retry, stall, refusal)
// share one fake server that follows spec 7's order of calls.
import { BLANK_VIDEO_TITLE, type ClientConfig } from '@eisteddfod/shared';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type MockAnswer, type MockRequest } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import {
  changedOrderItem,
  COLLECTION_GUID,
  config,
  entriesPage,
  entry,
  logIn,
  SLOT_GUID,
  upload,
  uploadsServer,
} from './test/fixtures.ts';
import { UploadClientContext, browserUploadClient } from './upload-client/upload-client.ts';
import {
  UploadCancelledError,
  type UploadClient,
  type UploadProgress,
  type VideoUploadRequest,
} from './upload-client/types.ts';
import { clearSession } from '../../lib/storage.ts';
import { reloadUploadActivityForTests } from '../../shared/uploads/upload-activity.ts';
import { text, uploadText } from './text.ts';
import { stopUploadsForTests } from './upload-manager.ts';
import UploadsPage from './UploadsPage.tsx';
import { fileText } from '../../shared/uploads/entry-text.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);
const toastWith = (color: string, message: string) =>
  expect(show).toHaveBeenCalledWith(expect.objectContaining({ color, message }));

function openPage(client: UploadClient = browserUploadClient) {
  return renderRoutes(
    [
      {
        path: '/uploads',
        element: (
          <UploadClientContext.Provider value={client}>
            <UploadsPage />
          </UploadClientContext.Provider>
        ),
      },
    ],
    '/uploads',
  );
}

/** Once the list is in, opens every entry's detail, where its uploaders are (issue 19). */
async function openDetails() {
  await screen.findByTestId('entries-total');
  for (const toggle of screen.getAllByRole('button', { name: /^Details of / })) {
    fireEvent.click(toggle);
  }
}

const fileOf = (name: string, size: number, type = '') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
const picker = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const sentRequests = (requests: MockRequest[]) =>
  requests.filter(
    (r) =>
      r.method !== 'GET' ||
      (!['/api/config', '/api/OrderItems/ParticipantOrderItems'].includes(r.path) &&
        !r.path.endsWith('/participant-profiles')),
  );

/** An XMLHttpRequest that records what was sent and answers when the test says so. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
    FakeXhr.last = this;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/** A video client whose upload the test moves on by hand. */
function fakeVideoClient() {
  const calls: VideoUploadRequest[] = [];
  let finish: (() => void) | null = null;
  let fail: ((error: Error) => void) | null = null;
  const client: UploadClient = {
    sendEntryFile: browserUploadClient.sendEntryFile,
    sendVideo(request) {
      calls.push(request);
      const done = new Promise<void>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
      return {
        done,
        cancel: () => fail?.(new UploadCancelledError()),
        detach: () => fail?.(new UploadCancelledError()),
      };
    },
  };
  return {
    client,
    calls,
    progress: (p: UploadProgress) => act(() => calls.at(-1)?.onProgress(p)),
    finish: () => act(() => finish?.()),
  };
}

/** The collection, slot and record calls of spec 7 for a first video. */
function videoServer(request: MockRequest): MockAnswer {
  const slot = {
    guid: SLOT_GUID,
    collectionId: COLLECTION_GUID,
    title: BLANK_VIDEO_TITLE,
    storageSize: 0,
    upload: {
      endpoint: '/api/tus/',
      libraryId: 'lib-1',
      videoId: SLOT_GUID,
      expires: 1_800_000_000,
      signature: 'sig',
    },
  };
  if (request.path === '/api/Uploads/Collection') {
    return request.method === 'GET'
      ? [200, { items: [] }]
      : [200, { guid: COLLECTION_GUID, name: '301', videoCount: 0 }];
  }
  if (request.path === '/api/OrderItems/301' && request.method === 'PUT') {
    return [200, changedOrderItem()];
  }
  if (request.path === `/api/Uploads/Collection/${COLLECTION_GUID}/Video`) {
    return request.method === 'GET' ? [200, { items: [] }] : [200, slot];
  }
  if (request.path === '/api/OrderItems/301/OrderItemUploads') return [200, { id: 950 }];
  return [500];
}

describe('uploading files (spec 4 Upload flow, spec 5 and 8)', () => {
  beforeEach(() => {
    logIn();
    FakeXhr.last = null;
    reloadUploadActivityForTests();
  });
  afterEach(() => {
    stopUploadsForTests();
    vi.clearAllMocks();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('warns about a file name already uploaded, without any request', async () => {
    const requests = mockApi(
      uploadsServer(entriesPage([entry({ status: 1, orderItemUploads: [upload()] })])),
    );
    const user = userEvent.setup();
    openPage();
    await openDetails();
    await user.upload(
      picker('Upload video or audio for MU101'),
      fileOf('My-Song.mp4', 2000, 'video/mp4'),
    );
    toastWith('orange', fileText('duplicateFile'));
    expect(sentRequests(requests)).toEqual([]);
  });

  it('shows File Too Large before anything is sent, with its two ways out', async () => {
    const requests = mockApi(uploadsServer(entriesPage([entry()])));
    const user = userEvent.setup();
    openPage();
    await openDetails();
    const input = picker('Upload video or audio for MU101');
    const click = vi.spyOn(input, 'click');
    await user.upload(input, fileOf('concert.mp4', 5 * 1024 ** 3, 'video/mp4'));
    const dialog = await screen.findByRole('dialog', { name: 'File Too Large' });
    expect(within(dialog).getByText(fileText('tooLarge'))).toBeInTheDocument();
    expect(within(dialog).getByText(/concert\.mp4 exceeds maximum allowed size of 4 GB/));
    await user.click(within(dialog).getByRole('button', { name: 'Select Another File' }));
    expect(click).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.upload(input, fileOf('concert.mp4', 5 * 1024 ** 3, 'video/mp4'));
    await user.click(await screen.findByRole('button', { name: 'Delete Upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentRequests(requests)).toEqual([]);
  });

  it('takes its limits from the configuration when the server sends them', async () => {
    const small: ClientConfig = { ...config, documentMaxBytes: 1000 };
    mockApi((request) =>
      request.path === '/api/config'
        ? [200, small]
        : uploadsServer(entriesPage([entry()]))(request),
    );
    const user = userEvent.setup();
    openPage();
    await openDetails();
    await user.click(screen.getByRole('button', { name: /Supporting Files/ }));
    await user.upload(
      picker('Upload supporting document for MU101'),
      fileOf('score.pdf', 2000, 'application/pdf'),
    );
    expect(await screen.findByRole('dialog', { name: 'File Too Large' })).toHaveTextContent(
      '1000 bytes',
    );
  });

  it('points to the FAQ for a file of another format', async () => {
    const requests = mockApi(uploadsServer(entriesPage([entry()])));
    const user = userEvent.setup({ applyAccept: false });
    openPage();
    await openDetails();
    await user.upload(picker('Upload video or audio for MU101'), fileOf('clip.avi', 2000));
    const dialog = await screen.findByRole('dialog', { name: 'Unsupported Format' });
    expect(
      within(dialog).getByText(/^You can only upload: \.m4a, \.m4v, \.mov/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'FAQ guide (PDF)' })).toHaveAttribute(
      'href',
      '/api/documents/faq.pdf',
    );
    expect(sentRequests(requests)).toEqual([]);
  });

  it('refuses an empty file and more than one file at a time', async () => {
    const requests = mockApi(uploadsServer(entriesPage([entry()])));
    const user = userEvent.setup();
    openPage();
    await openDetails();
    const input = picker('Upload video or audio for MU101');
    await user.upload(input, fileOf('empty.mp4', 0, 'video/mp4'));
    toastWith('orange', text('tooSmall', { size: '1 byte' }));
    fireEvent.change(input, {
      target: { files: [fileOf('a.mp4', 10, 'video/mp4'), fileOf('b.mp4', 10, 'video/mp4')] },
    });
    toastWith('orange', text('tooMany'));
    expect(sentRequests(requests)).toEqual([]);
  });

  it('sends a supporting document with progress, then refreshes the list', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    let uploaded = false;
    const requests = mockApi(
      uploadsServer(() =>
        entriesPage([
          entry({
            orderItemUploads: uploaded
              ? [upload({ id: 960, uploadType: 3, originalFileName: 'score.pdf', isVideo: false })]
              : [],
          }),
        ]),
      ),
    );
    const user = userEvent.setup();
    openPage();
    await openDetails();
    await user.click(screen.getByRole('button', { name: /Supporting Files \(0\)/ }));
    await user.upload(
      picker('Upload supporting document for MU101'),
      fileOf('score.pdf', 4000, 'application/pdf'),
    );
    const xhr = FakeXhr.last;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/api/Uploads/UploadS3Files');
    expect(xhr?.headers).toMatchObject({
      orderId: '90',
      orderItemId: '301',
      uploadTypeId: '3',
      authorization: 'Bearer session-token',
    });
    expect(xhr?.headers.updatedFilename).toMatch(
      /^MU101_Ayanda_Dlamini_Gr5_Jacaranda-Primary_\d{8}-\d{6}\.pdf$/,
    );
    expect((xhr?.body as FormData).get('file')).toBeInstanceOf(File);

    act(() => xhr?.progress(1000, 4000));
    expect(await screen.findByText('Uploading... 25%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading score.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    // Spec 4: the contestant cannot be changed while an upload runs.
    expect(screen.getByRole('combobox', { name: 'Contestant' })).toBeDisabled();

    uploaded = true;
    const before = requests.length;
    act(() => xhr?.respond(200, { name: 'score.pdf', fileUrl: '/f/1', orderItemUploadId: 960 }));
    await waitFor(() => toastWith('teal', fileText('uploaded')));
    await waitFor(() => expect(requests.length).toBeGreaterThan(before));
    expect(await screen.findByText('score.pdf')).toBeInTheDocument();
    expect(screen.queryByText(/Uploading\.\.\./)).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Contestant' })).toBeEnabled();
  });

  it('cancels an upload and says so', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    mockApi(uploadsServer(entriesPage([entry({ acceptsImages: true, itemCode: 'VA101' })])));
    const user = userEvent.setup();
    openPage();
    await openDetails();
    await user.upload(picker('Upload image for VA101'), fileOf('art.png', 4000, 'image/png'));
    expect(FakeXhr.last?.headers.uploadTypeId).toBe('2');
    await user.click(await screen.findByRole('button', { name: uploadText('cancelHint') }));
    await waitFor(() => toastWith('blue', uploadText('cancelled')));
    expect(screen.queryByText(/Uploading\.\.\./)).toBeNull();
  });

  it("warns about a duplicate the server found ('File exists' or FILE_EXISTS)", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    mockApi(uploadsServer(entriesPage([entry({ acceptsImages: true, itemCode: 'VA101' })])));
    const user = userEvent.setup();
    openPage();
    await openDetails();
    await user.upload(picker('Upload image for VA101'), fileOf('art.png', 4000, 'image/png'));
    act(() => FakeXhr.last?.respond(200, { name: 'File exists', fileUrl: '' }));
    await waitFor(() => toastWith('orange', fileText('duplicateFile')));
    show.mockClear();

    await user.upload(picker('Upload image for VA101'), fileOf('art2.png', 4000, 'image/png'));
    act(() => FakeXhr.last?.respond(409, apiError(409, 'FILE_EXISTS', 'File exists')));
    await waitFor(() => toastWith('orange', fileText('duplicateFile')));
  });

  it('names a failed upload and the network failure', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    mockApi(uploadsServer(entriesPage([entry({ acceptsImages: true, itemCode: 'VA101' })])));
    const user = userEvent.setup();
    openPage();
    await openDetails();
    await user.upload(picker('Upload image for VA101'), fileOf('art.png', 4000, 'image/png'));
    act(() => FakeXhr.last?.onerror?.());
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'red',
          title: text('failedToUpload', { file: 'art.png' }),
          message: text('networkError'),
        }),
      ),
    );
  });

  it('sends a video through its collection and blank slot, then records it', async () => {
    const video = fakeVideoClient();
    const requests = mockApi(uploadsServer(entriesPage([entry()]), videoServer));
    const user = userEvent.setup();
    openPage(video.client);
    await openDetails();
    await user.upload(
      picker('Upload video or audio for MU101'),
      fileOf('recital.MOV', 8000, 'video/quicktime'),
    );
    await waitFor(() => expect(video.calls).toHaveLength(1));
    const sent = sentRequests(requests).map((r) => `${r.method} ${r.path}`);
    expect(sent).toEqual([
      'GET /api/Uploads/Collection',
      'POST /api/Uploads/Collection',
      'PUT /api/OrderItems/301',
      `GET /api/Uploads/Collection/${COLLECTION_GUID}/Video`,
      `POST /api/Uploads/Collection/${COLLECTION_GUID}/Video`,
    ]);
    const [find, create, link, , newSlot] = sentRequests(requests);
    expect(find?.query.get('search')).toBe('301');
    expect(create?.body).toEqual({ name: '301' });
    expect(link?.body).toEqual({ externalCollectionId: COLLECTION_GUID });
    expect(newSlot?.body).toEqual({ collectionId: COLLECTION_GUID, title: BLANK_VIDEO_TITLE });
    expect(video.calls[0]?.slot.guid).toBe(SLOT_GUID);
    expect(video.calls[0]?.collectionGuid).toBe(COLLECTION_GUID);

    video.progress({ bytesSent: 3200, bytesTotal: 8000 });
    expect(await screen.findByText('Uploading... 40%')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Contestant' })).toBeDisabled();

    video.finish();
    await waitFor(() => toastWith('teal', fileText('uploaded')));
    const record = requests.find((r) => r.path === '/api/OrderItems/301/OrderItemUploads');
    expect(record?.method).toBe('POST');
    expect(record?.query.get('orderId')).toBe('90');
    expect(record?.body).toMatchObject({
      orderItemId: 301,
      uploadType: 2,
      sizeInBytes: 8000,
      originalFileName: 'recital.MOV',
      isPrimaryFile: true,
      videoId: SLOT_GUID,
    });
    expect((record?.body as { fileName: string }).fileName).toMatch(
      /^MU101_Ayanda_Dlamini_Gr5_Jacaranda-Primary_\d{8}-\d{6}\.mov$/,
    );
  });

  it('reuses the collection and a blank slot that an earlier upload left', async () => {
    const video = fakeVideoClient();
    const requests = mockApi(
      uploadsServer(entriesPage([entry({ externalCollectionId: COLLECTION_GUID })]), (request) => {
        if (request.path === '/api/Uploads/Collection') {
          return [200, { items: [{ guid: COLLECTION_GUID, name: '301', videoCount: 1 }] }];
        }
        if (request.path === `/api/Uploads/Collection/${COLLECTION_GUID}/Video`) {
          const [, slot] = videoServer({ ...request, method: 'POST' });
          return [200, { items: [slot] }];
        }
        return [500];
      }),
    );
    const user = userEvent.setup();
    openPage(video.client);
    await openDetails();
    await user.upload(picker('Upload video or audio for MU101'), fileOf('a.mp4', 10, 'video/mp4'));
    await waitFor(() => expect(video.calls).toHaveLength(1));
    expect(sentRequests(requests).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/Uploads/Collection',
      `GET /api/Uploads/Collection/${COLLECTION_GUID}/Video`,
    ]);
  });

  it('suggests a retry when an upload makes no progress for the configured time', async () => {
    const video = fakeVideoClient();
    mockApi((request) =>
      request.path === '/api/config'
        ? [200, { ...config, uploadStallSeconds: 1 }]
        : uploadsServer(entriesPage([entry()]), videoServer)(request),
    );
    const user = userEvent.setup();
    openPage(video.client);
    await openDetails();
    await user.upload(picker('Upload video or audio for MU101'), fileOf('a.mp4', 10, 'video/mp4'));
    expect(
      await screen.findByText(uploadText('stalled', { seconds: 1 }), {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry upload' }));
    await waitFor(() => expect(video.calls).toHaveLength(2));
    expect(screen.queryByText(uploadText('stalled', { seconds: 1 }))).toBeNull();
    expect(show).not.toHaveBeenCalledWith(
      expect.objectContaining({ message: uploadText('cancelled') }),
    );
  });

  it('shows a notice while the browser is offline', async () => {
    mockApi(uploadsServer(entriesPage([entry()])));
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    openPage();
    await openDetails();
    online.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(text('noInternet'));
    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText(text('noInternet'))).toBeNull());
    toastWith('blue', text('backOnline'));
  });

  describe('an upload outlives the screen it started on (issue 32)', () => {
    function openPageWithAWayOut(client: UploadClient) {
      return renderRoutes(
        [
          {
            path: '/uploads',
            element: (
              <UploadClientContext.Provider value={client}>
                <UploadsPage />
                <Link to="/orders">My Orders</Link>
              </UploadClientContext.Provider>
            ),
          },
          {
            path: '/orders',
            element: <Link to="/uploads">Back to uploads</Link>,
          },
        ],
        '/uploads',
      );
    }

    it('goes on while the parent looks at another screen, and is recorded when it ends', async () => {
      const video = fakeVideoClient();
      const requests = mockApi(uploadsServer(entriesPage([entry()]), videoServer));
      const user = userEvent.setup();
      openPageWithAWayOut(video.client);
      await openDetails();
      await user.upload(
        picker('Upload video or audio for MU101'),
        fileOf('big.mp4', 100, 'video/mp4'),
      );
      await waitFor(() => expect(video.calls).toHaveLength(1));
      video.progress({ bytesSent: 23, bytesTotal: 100 });

      await user.click(screen.getByRole('link', { name: 'My Orders' }));
      video.progress({ bytesSent: 60, bytesTotal: 100 });
      video.finish();
      await waitFor(() => toastWith('teal', fileText('uploaded')));
      expect(
        requests.filter((r) => r.path === '/api/OrderItems/301/OrderItemUploads'),
      ).toHaveLength(1);
      expect(localStorage.getItem('unfinishedUploads')).toBeNull();
    });

    it('shows its progress on the portal again when the parent comes back', async () => {
      const video = fakeVideoClient();
      mockApi(uploadsServer(entriesPage([entry()]), videoServer));
      const user = userEvent.setup();
      openPageWithAWayOut(video.client);
      await openDetails();
      await user.upload(
        picker('Upload video or audio for MU101'),
        fileOf('big.mp4', 100, 'video/mp4'),
      );
      await waitFor(() => expect(video.calls).toHaveLength(1));
      await user.click(screen.getByRole('link', { name: 'My Orders' }));
      video.progress({ bytesSent: 41, bytesTotal: 100 });
      await user.click(screen.getByRole('link', { name: 'Back to uploads' }));
      expect(await screen.findByText('Uploading... 41%')).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Contestant' })).toBeDisabled();
    });

    it('is paused by a lost connection, and the row says where it stopped', async () => {
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
      mockApi(uploadsServer(entriesPage([entry({ acceptsImages: true, itemCode: 'VA101' })])));
      const user = userEvent.setup();
      openPage();
      await openDetails();
      await user.upload(picker('Upload image for VA101'), fileOf('art.png', 100, 'image/png'));
      act(() => FakeXhr.last?.progress(26, 100));
      act(() => FakeXhr.last?.onerror?.());
      const paused = await screen.findByTestId('upload-paused');
      expect(paused).toHaveTextContent('art.png paused at 26%: choose it again to continue');
      expect(within(paused).getByRole('button', { name: 'Choose the file again' })).toBeVisible();
      toastWith('red', text('networkError'));
      expect(screen.getByRole('combobox', { name: 'Contestant' })).toBeEnabled();
    });

    it('is paused, not lost, when the parent logs out', async () => {
      const video = fakeVideoClient();
      mockApi(uploadsServer(entriesPage([entry()]), videoServer));
      const user = userEvent.setup();
      openPage(video.client);
      await openDetails();
      await user.upload(
        picker('Upload video or audio for MU101'),
        fileOf('big.mp4', 100, 'video/mp4'),
      );
      await waitFor(() => expect(video.calls).toHaveLength(1));
      video.progress({ bytesSent: 30, bytesTotal: 100 });
      act(() => clearSession());
      await waitFor(() =>
        expect(JSON.parse(localStorage.getItem('unfinishedUploads') ?? '[]')).toEqual([
          expect.objectContaining({ fileName: 'big.mp4', percent: 30, phase: 'paused' }),
        ]),
      );
      expect(show).not.toHaveBeenCalledWith(
        expect.objectContaining({ message: uploadText('cancelled') }),
      );
    });

    function pausedBefore(entryId: number, fileName: string) {
      localStorage.setItem(
        'unfinishedUploads',
        JSON.stringify([
          {
            entryId,
            customerId: 42,
            participantId: 7,
            entryLabel: 'MU101 for Ayanda',
            kind: 'video',
            fileName,
            phase: 'sending',
            percent: 26,
            stalled: false,
          },
        ]),
      );
      reloadUploadActivityForTests();
    }

    it('forgets a paused upload once its file has arrived from elsewhere', async () => {
      pausedBefore(301, 'big.mp4');
      mockApi(
        uploadsServer(
          entriesPage([entry({ orderItemUploads: [upload({ originalFileName: 'big.mp4' })] })]),
        ),
      );
      openPage();
      await screen.findByTestId('entries-total');
      await waitFor(() => expect(localStorage.getItem('unfinishedUploads')).toBeNull());
      expect(screen.queryByTestId('upload-paused')).toBeNull();
    });

    it('lists an upload of an entry not in the list, which can be put aside there', async () => {
      pausedBefore(999, 'old.mp4');
      mockApi(uploadsServer(entriesPage([entry()])));
      const user = userEvent.setup();
      openPage();
      const elsewhere = await screen.findByTestId('uploads-elsewhere');
      expect(elsewhere).toHaveTextContent(
        'MU101 for Ayanda: old.mp4 paused at 26%: choose it again to continue',
      );
      await user.click(
        within(elsewhere).getByRole('button', { name: 'Put aside the paused upload of old.mp4' }),
      );
      expect(screen.queryByTestId('uploads-elsewhere')).toBeNull();
    });

    it('says after a reload that an unfinished upload was paused, until put aside', async () => {
      localStorage.setItem(
        'unfinishedUploads',
        JSON.stringify([
          {
            entryId: 301,
            customerId: 42,
            participantId: 7,
            entryLabel: 'MU101 for Ayanda',
            kind: 'video',
            fileName: 'big.mp4',
            phase: 'sending',
            percent: 26,
            stalled: false,
          },
        ]),
      );
      reloadUploadActivityForTests();
      mockApi(uploadsServer(entriesPage([entry()])));
      const user = userEvent.setup();
      openPage();
      const paused = await screen.findByTestId('upload-paused');
      expect(paused).toHaveTextContent('big.mp4 paused at 26%: choose it again to continue');
      await user.click(
        within(paused).getByRole('button', { name: 'Put aside the paused upload of big.mp4' }),
      );
      expect(screen.queryByTestId('upload-paused')).toBeNull();
      expect(localStorage.getItem('unfinishedUploads')).toBeNull();
    });
  });
});
