import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ReasonForm } from './reason-form.tsx';

/** The one reason dialog body the raffles, chat room and chat groups desks share. */
function show(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

describe('the shared reason form', () => {
  it('refuses an empty reason, sends the trimmed one, and calls back when done', async () => {
    const send = vi.fn(async () => ({}));
    const onDone = vi.fn();
    show(<ReasonForm summary={<p>About it</p>} action="Do it" testId="go" send={send} onDone={onDone} />);
    expect(screen.getByText('About it')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('go'));
    expect(screen.getByRole('alert')).toHaveTextContent('Give a reason (1 to 200 characters)');
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '  Spam wave ' } });
    fireEvent.click(screen.getByTestId('go'));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith('Spam wave');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("takes a desk's own check and fields, and shows the server's refusal", async () => {
    const send = vi.fn(async () => {
      throw new Error('This raffle has been drawn');
    });
    show(
      <ReasonForm
        summary={null}
        action="Cancel raffle"
        danger
        validate={(r) => (r.length < 3 ? 'Say a little more' : null)}
        send={send}
        onDone={() => undefined}
      >
        <label>
          Extra <input name="extra" />
        </label>
      </ReasonForm>,
    );
    expect(screen.getByLabelText('Extra')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Cancel raffle' });
    expect(button).toHaveClass('button-danger');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'no' } });
    fireEvent.click(button);
    expect(screen.getByRole('alert')).toHaveTextContent('Say a little more');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Wrong prizes' } });
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This raffle has been drawn'));
  });
});
