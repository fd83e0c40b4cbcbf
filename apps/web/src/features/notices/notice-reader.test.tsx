import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { formatNoticeDate } from '../../shared/format/date.ts';
import { notice, setupShell } from '../../test/shell-harness.tsx';
import { NoticeReader } from './notice-reader.tsx';

const notices = Array.from({ length: 20 }, (_, i) => notice(i + 1));
const titles = () =>
  within(screen.getByRole('navigation', { name: 'Announcement titles' }))
    .getAllByRole('button')
    .filter((b) => b.textContent?.startsWith('Notice'));

describe('notice modal reader', () => {
  beforeAll(() => setupShell());

  it('NM-08 NM-09 lists 9 titles a page on the left and the chosen notice on the right', () => {
    render(<NoticeReader notices={notices} initialIndex={0} />);
    expect(titles()).toHaveLength(9);
    expect(titles()[0]).toHaveTextContent('Notice number 1');
    const article = screen.getByRole('article');
    expect(within(article).getByRole('heading', { name: 'Notice number 1' })).toBeInTheDocument();
    expect(article).toHaveTextContent('Body of notice 1');
    fireEvent.click(titles()[3]!);
    expect(within(screen.getByRole('article')).getByRole('heading')).toHaveTextContent('Notice number 4');
    expect(titles()[3]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
  });

  it('NM-10 the chosen notice decides the starting page', () => {
    render(<NoticeReader notices={notices} initialIndex={13} />);
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(titles()[0]).toHaveTextContent('Notice number 10');
    expect(titles()[4]).toHaveAttribute('aria-current', 'true');
    expect(within(screen.getByRole('article')).getByRole('heading')).toHaveTextContent('Notice number 14');
  });

  it('NM-11 changing page clears the selection', () => {
    render(<NoticeReader notices={notices} initialIndex={2} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(titles()[0]).toHaveTextContent('Notice number 10');
    expect(titles().some((b) => b.getAttribute('aria-current') === 'true')).toBe(false);
    expect(screen.getByRole('article')).toHaveTextContent('Choose an announcement');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(titles()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
  });

  it('NM-05 shows the notice date as yyyy-MM-dd HH:mm:ss', () => {
    render(<NoticeReader notices={notices} initialIndex={0} />);
    expect(screen.getByRole('article')).toHaveTextContent(formatNoticeDate(notices[0]!.date));
    expect(formatNoticeDate(notices[0]!.date)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('NM-12 a notice carrying script renders none of it', () => {
    const hit = vi.fn();
    (window as unknown as { hit: () => void }).hit = hit;
    const evil = notice(99, {
      title: 'Evil',
      content:
        '<p>Text</p><img src=x onerror="hit()"><script>hit()</script><a href="javascript:hit()">go</a>',
    });
    render(<NoticeReader notices={[evil]} initialIndex={0} />);
    const article = screen.getByRole('article');
    expect(article.innerHTML).not.toMatch(/onerror|<script|javascript:/i);
    within(article).getByText('go').click();
    expect(hit).not.toHaveBeenCalled();
  });
});
