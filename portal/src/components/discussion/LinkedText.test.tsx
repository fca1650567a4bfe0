import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkedText } from './LinkedText.tsx';

describe('LinkedText', () => {
  it('shows an address as itself, linked with the user-content rel, leaving sentence punctuation out', () => {
    const { container } = render(
      <p>
        <LinkedText text="See https://example.test/guide?a=1. Or http://b.test/x), thanks" />
      </p>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://example.test/guide?a=1', 'http://b.test/x']);
    expect(links[0]).toHaveTextContent('https://example.test/guide?a=1');
    expect(links[0]).toHaveAttribute('rel', 'nofollow ugc noopener');
    expect(container).toHaveTextContent('See https://example.test/guide?a=1. Or http://b.test/x), thanks');
  });

  it('never reads HTML or links other schemes', () => {
    const { container } = render(
      <p>
        <LinkedText text={'<img src=x onerror=alert(1)> javascript:alert(1) <a href="https://x.test">x</a>'} />
      </p>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['https://x.test']);
    expect(container).toHaveTextContent('<img src=x onerror=alert(1)> javascript:alert(1)');
  });
});
