import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupShell } from '../../test/shell-harness.tsx';
import { Pager } from './pager.tsx';

/** The one pager of the server-paged lists (records, agent reports, inbox, points mall). */
describe('Pager', () => {
  beforeAll(() => setupShell());

  it('names its navigation, shows the count and the page, and moves one page each way', () => {
    const onPage = vi.fn();
    render(<Pager page={2} pages={3} onPage={onPage} summary="Records: 42" />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(nav).toHaveTextContent('Records: 42');
    expect(nav).toHaveTextContent('2 / 3');
    fireEvent.click(within(nav).getByRole('button', { name: 'Previous page' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });

  it('disables previous on the first page and next on the last', () => {
    const { rerender } = render(<Pager page={1} pages={2} onPage={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    rerender(<Pager page={2} pages={2} onPage={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('keeps the count but no buttons on a single page, and renders nothing with neither', () => {
    const { container, rerender } = render(
      <Pager page={1} pages={1} onPage={() => {}} summary="8 records" />,
    );
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('8 records');
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<Pager page={1} pages={1} onPage={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('takes the list’s own name and shows a spinner while the next page loads', () => {
    render(<Pager page={1} pages={4} onPage={() => {}} busy label="Messages" />);
    const nav = screen.getByRole('navigation', { name: 'Messages' });
    expect(within(nav).getByRole('status')).toBeInTheDocument();
  });
});
