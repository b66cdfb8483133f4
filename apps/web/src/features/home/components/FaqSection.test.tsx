import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PUBLIC_SITE } from '../../../test/public-site-fixture.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { FaqSection } from './FaqSection.tsx';

const faq = PUBLIC_SITE.content.faq;
const renderFaq = () => renderRoutes([{ path: '/', element: <FaqSection faq={faq} /> }], '/');
const question = (n: number) => screen.getByRole('button', { name: `Question ${n}?` });

describe('FaqSection (spec 2 and 4, FAQ accordion)', () => {
  it('shows the first five questions, all closed, with the FAQ PDF and Contact links', () => {
    renderFaq();
    expect(screen.getAllByRole('button', { expanded: false })).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Question 6?' })).toBeNull();
    expect(screen.getByRole('link', { name: /Download the full FAQ/ })).toHaveAttribute(
      'href',
      '/api/documents/faq.pdf',
    );
    expect(screen.getByRole('link', { name: /Download the full FAQ/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  });

  it('opens one question at a time: opening another closes the first', async () => {
    const user = userEvent.setup();
    renderFaq();
    await user.click(question(1));
    expect(question(1)).toHaveAttribute('aria-expanded', 'true');
    await user.click(question(3));
    expect(question(3)).toHaveAttribute('aria-expanded', 'true');
    expect(question(1)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(1);
  });

  it('closes the open question when it is clicked again', async () => {
    const user = userEvent.setup();
    renderFaq();
    await user.click(question(2));
    await user.click(question(2));
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('puts each question in a level-3 heading', () => {
    renderFaq();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(5);
  });
});
