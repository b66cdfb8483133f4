import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { SiteFooterOnceLoaded } from './SiteFooter.tsx';

function Screen({ contestants }: { contestants: Promise<string> }) {
  const result = useQuery({ queryKey: ['contestants'], queryFn: () => contestants });
  return <p>{result.data ?? 'nothing yet'}</p>;
}

describe('SiteFooterOnceLoaded (issue 32)', () => {
  it("comes after the screen's first data, so that the data does not push it down", async () => {
    let answer: (value: string) => void = () => {};
    const contestants = new Promise<string>((resolve) => (answer = resolve));
    render(
      <MantineProvider>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <Screen contestants={contestants} />
            <SiteFooterOnceLoaded />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    answer('Lerato Mokoena');
    await waitFor(() => expect(screen.getByRole('contentinfo')).toBeInTheDocument());
    expect(screen.getByText('Lerato Mokoena')).toBeInTheDocument();
  });
});
