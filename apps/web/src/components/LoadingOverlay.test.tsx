import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, keepPreviousData, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { memo, Suspense, use, useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useDrawnInBackground } from '../lib/drawn-in-background.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { LoadingOverlay } from './LoadingOverlay.tsx';

/** A request that answers when the test says so. */
function deferred() {
  let resolve: (value: string) => void = () => {};
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
}

function Pager({ pages }: { pages: Map<number, Promise<string>> }) {
  const [page, setPage] = useState(0);
  const result = useQuery({
    queryKey: ['page', page],
    queryFn: () => pages.get(page) ?? Promise.resolve('none'),
    placeholderData: keepPreviousData,
  });
  return (
    <button type="button" onClick={() => setPage(page + 1)}>
      {result.data ?? 'nothing yet'}
    </button>
  );
}

function renderWith(ui: ReactNode) {
  const client = createQueryClient();
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        {ui}
        <LoadingOverlay />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return client;
}

/** Content whose drawing waits on `ready` (standing in for a long render). */
const Content = memo(function Content({ ready }: { ready: Promise<string> }) {
  return <p>{use(ready)}</p>;
});

/** A screen whose data (`ready`) comes when its button is pressed. */
function Screen({ ready }: { ready: Promise<string> }) {
  const [value, setValue] = useState<Promise<string> | undefined>(undefined);
  const shown = useDrawnInBackground(value);
  return (
    <>
      <button type="button" onClick={() => setValue(ready)}>
        Data
      </button>
      {shown ? <Content ready={shown} /> : <p>frame</p>}
    </>
  );
}

describe('LoadingOverlay (spec 2)', () => {
  it("covers a screen's first load but not the next page it shows over the previous one", async () => {
    const first = deferred();
    const second = deferred();
    const client = renderWith(
      <Pager
        pages={
          new Map([
            [0, first.promise],
            [1, second.promise],
          ])
        }
      />,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    first.resolve('page 1');
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    await act(async () => screen.getByRole('button', { name: 'page 1' }).click());
    // Page 2 is on its way, page 1 stays on screen, uncovered.
    await waitFor(() => expect(client.isFetching()).toBe(1));
    expect(screen.getByRole('button', { name: 'page 1' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    second.resolve('page 2');
    expect(await screen.findByRole('button', { name: 'page 2' })).toBeInTheDocument();
  });

  it('does not cover the screen for a prefetch', async () => {
    const later = deferred();
    const client = renderWith(<p>Screen</p>);
    act(() => void client.prefetchQuery({ queryKey: ['ahead'], queryFn: () => later.promise }));
    expect(client.isFetching()).toBe(1);
    // Let the query cache tell its listeners, as it does on the next tick.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    await act(async () => later.resolve('done'));
  });

  it('covers a screen whose first data has come until its content is drawn (decision 053)', async () => {
    let finish: (text: string) => void = () => {};
    const ready = new Promise<string>((resolve) => (finish = resolve));
    render(
      <MantineProvider>
        <QueryClientProvider client={createQueryClient()}>
          <Suspense fallback={<p>suspended</p>}>
            <Screen ready={ready} />
          </Suspense>
          <LoadingOverlay />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Data' }).click());
    // The data has come; its content is not drawn yet: the previous frame stays, covered.
    expect(screen.getByText('frame')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    await act(async () => finish('content'));
    expect(await screen.findByText('content')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });
});
