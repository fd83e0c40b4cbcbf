import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeferUntilVisible } from './defer-until-visible.tsx';

/** Content below the fold, rendered when the reader heads there (issue 33's first screen). */
describe('DeferUntilVisible', () => {
  let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
  beforeAll(() => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
  });
  afterAll(() => vi.unstubAllGlobals());

  it('keeps its place until the placeholder nears the viewport, then renders what it holds', () => {
    const { container } = render(
      <DeferUntilVisible minHeight={300} className="rest">
        <a href="/later">Later card</a>
      </DeferUntilVisible>,
    );
    expect(screen.queryByText('Later card')).toBeNull();
    const placeholder = container.querySelector('.rest') as HTMLElement;
    expect(placeholder.style.minHeight).toBe('300px');
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    act(() => report?.([{ isIntersecting: false }]));
    expect(screen.queryByText('Later card')).toBeNull();
    act(() => report?.([{ isIntersecting: true }]));
    expect(screen.getByRole('link', { name: 'Later card' })).toBeInTheDocument();
  });

  it('renders every waiting part at the first key pressed, before the key acts, and any part mounted after at once', () => {
    render(
      <button type="button">
        <DeferUntilVisible minHeight={0} as="span" className="art">
          <span>First art</span>
        </DeferUntilVisible>
      </button>,
    );
    render(
      <DeferUntilVisible minHeight={200}>
        <a href="/footer">Footer link</a>
      </DeferUntilVisible>,
    );
    // The placeholder inside a button is phrasing content.
    expect(document.querySelector('button > span.art')).not.toBeNull();
    expect(screen.queryByText('First art')).toBeNull();
    expect(screen.queryByText('Footer link')).toBeNull();
    // Rendered inside the key's own dispatch (synchronously), so a Tab finds the link.
    let seenDuringKey = false;
    const probe = () => (seenDuringKey = screen.queryByText('Footer link') !== null);
    window.addEventListener('keydown', probe);
    fireEvent.keyDown(window, { key: 'Tab' });
    window.removeEventListener('keydown', probe);
    expect(seenDuringKey).toBe(true);
    expect(screen.getByText('First art')).toBeInTheDocument();
    render(
      <DeferUntilVisible minHeight={100}>
        <p>Mounted later</p>
      </DeferUntilVisible>,
    );
    expect(screen.getByText('Mounted later')).toBeInTheDocument();
  });
});
