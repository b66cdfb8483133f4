import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OneElement } from './OneElement.tsx';

describe('OneElement', () => {
  it('puts the words inside <0>…</0> into the element, where the message has them', () => {
    const { container } = render(
      <p>
        <OneElement
          message="Read the biography (PDF)<0> of Ann Lee, opens in a new tab</0>"
          element={<span className="hidden" />}
        />
      </p>,
    );
    expect(container.querySelector('span.hidden')).toHaveTextContent(
      'of Ann Lee, opens in a new tab',
    );
    expect(container).toHaveTextContent('Read the biography (PDF) of Ann Lee, opens in a new tab');
  });

  it('draws a message without the tag as it is', () => {
    const { container } = render(<OneElement message="Learn More" element={<span />} />);
    expect(container.innerHTML).toBe('Learn More');
  });
});
