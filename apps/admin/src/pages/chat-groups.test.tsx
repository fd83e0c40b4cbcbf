import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { backoffice } from '@app/contract';

/** Every call the page makes, answered from a little in-memory store of groups. */
const calls: { id: string; body: Record<string, unknown> | undefined }[] = [];
let groups: backoffice.BoChatGroupRow[] = [];

vi.mock('../api/client.ts', () => ({
  boCall: vi.fn(async (def: { id: string }, input: { body?: Record<string, unknown> } = {}) => {
    calls.push({ id: def.id, body: input.body });
    if (def.id === 'boChatGroups') return { list: groups };
    if (def.id === 'boChatGroupSave') {
      const b = input.body!;
      const row: backoffice.BoChatGroupRow = {
        id: typeof b.id === 'number' ? b.id : 9,
        name: String(b.name),
        description: String(b.description),
        minRank: Number(b.minRank),
        enabled: true,
        members: 3,
        messages: 0,
        createdAt: 1_700_000_000_000,
      };
      groups = groups.some((g) => g.id === row.id)
        ? groups.map((g) => (g.id === row.id ? row : g))
        : [...groups, row];
      return row;
    }
    if (def.id === 'boChatGroupSetOpen') {
      const b = input.body!;
      groups = groups.map((g) => (g.id === b.id ? { ...g, enabled: Boolean(b.open) } : g));
      return groups.find((g) => g.id === b.id);
    }
    if (def.id === 'boChatGroupOrder') {
      const ids = input.body!.ids as number[];
      groups = ids.map((id) => groups.find((g) => g.id === id)!);
      return { list: groups };
    }
    if (def.id === 'boChatGroupDelete') {
      const b = input.body!;
      const g = groups.find((x) => x.id === b.id)!;
      // As the server: a group that held messages is refused (409), so the dialog shows why.
      if (g.messages > 0) throw new Error(`“${g.name}” holds ${g.messages} messages: close it instead`);
      groups = groups.filter((x) => x.id !== b.id);
      return { id: b.id, deleted: true };
    }
    throw new Error(`unexpected call ${def.id}`);
  }),
}));

const { ChatGroupsPage } = await import('./chat-groups.tsx');

// jsdom has no modal dialogs: open and close set the attribute, as a browser does.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open');
};

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ChatGroupsPage />
    </QueryClientProvider>,
  );
}

const dialog = () => screen.getByRole('dialog');

beforeEach(() => {
  calls.length = 0;
  groups = [
    {
      id: 1,
      name: 'Lobby',
      description: 'Everyone',
      minRank: 0,
      enabled: true,
      members: 1234,
      messages: 56,
      createdAt: 1_700_000_000_000,
    },
    {
      id: 2,
      name: 'VIP lounge',
      description: '',
      minRank: 5,
      enabled: false,
      members: 7,
      messages: 0,
      createdAt: 1_700_000_000_000,
    },
  ];
});

describe('the chat groups page (issue 32, decision 054)', () => {
  it('lists each group with its rank, who may enter, its messages and whether it is open', async () => {
    show();
    const rows = await screen.findAllByTestId('chat-group-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Lobby')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Every rank');
    expect(rows[0]).toHaveTextContent('1,234');
    expect(rows[0]).toHaveTextContent('56');
    expect(within(rows[0]!).getByTestId('chat-group-state')).toHaveTextContent('Open');
    expect(rows[1]).toHaveTextContent('Rank 5 and up');
    expect(within(rows[1]!).getByTestId('chat-group-state')).toHaveTextContent('Closed');
    expect(within(rows[1]!).getByTestId('chat-group-toggle')).toHaveTextContent('Reopen');
  });

  it('creates a group only with a valid rank and a reason, and sends what was typed', async () => {
    show();
    await screen.findAllByTestId('chat-group-row');
    fireEvent.click(screen.getByTestId('chat-group-new'));
    const d = dialog();
    fireEvent.change(within(d).getByLabelText('Name'), { target: { value: 'Football' } });
    fireEvent.change(within(d).getByLabelText(/Minimum VIP rank/), { target: { value: '25' } });
    fireEvent.click(within(d).getByTestId('chat-group-save'));
    expect(within(d).getByRole('alert')).toHaveTextContent('whole number from 0 to 20');
    fireEvent.change(within(d).getByLabelText(/Minimum VIP rank/), { target: { value: '2' } });
    fireEvent.click(within(d).getByTestId('chat-group-save'));
    expect(within(d).getByRole('alert')).toHaveTextContent('Give a reason');
    expect(calls.some((c) => c.id === 'boChatGroupSave')).toBe(false);

    fireEvent.change(within(d).getByLabelText('Reason'), { target: { value: 'Season starts' } });
    fireEvent.click(within(d).getByTestId('chat-group-save'));
    await waitFor(() => expect(calls.some((c) => c.id === 'boChatGroupSave')).toBe(true));
    expect(calls.find((c) => c.id === 'boChatGroupSave')!.body).toEqual({
      name: 'Football',
      description: '',
      minRank: 2,
      reason: 'Season starts',
    });
    await waitFor(() => expect(screen.getAllByTestId('chat-group-row')).toHaveLength(3));
  });

  it('edits a group with its id, and closes one with a reason', async () => {
    show();
    const rows = await screen.findAllByTestId('chat-group-row');
    fireEvent.click(within(rows[0]!).getByTestId('chat-group-edit'));
    let d = dialog();
    expect(within(d).getByLabelText('Name')).toHaveValue('Lobby');
    fireEvent.change(within(d).getByLabelText('Description (shown to players)'), {
      target: { value: 'Say hello' },
    });
    fireEvent.change(within(d).getByLabelText('Reason'), { target: { value: 'Friendlier' } });
    fireEvent.click(within(d).getByTestId('chat-group-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.id === 'boChatGroupSave')?.body).toMatchObject({
        id: 1,
        description: 'Say hello',
        reason: 'Friendlier',
      }),
    );

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(screen.getAllByTestId('chat-group-row')[0]!).getByTestId('chat-group-toggle'));
    d = dialog();
    expect(d).toHaveTextContent('nobody can enter it or post in it');
    fireEvent.click(within(d).getByTestId('chat-confirm'));
    expect(within(d).getByRole('alert')).toHaveTextContent('Give a reason');
    fireEvent.change(within(d).getByLabelText('Reason'), { target: { value: 'Spam wave' } });
    fireEvent.click(within(d).getByTestId('chat-confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.id === 'boChatGroupSetOpen')?.body).toEqual({
        id: 1,
        open: false,
        reason: 'Spam wave',
      }),
    );
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('chat-group-row')[0]!).getByTestId('chat-group-state'),
      ).toHaveTextContent('Closed'),
    );
  });

  it('moves a group up or down: the whole new order is sent and the list follows; the ends cannot move further', async () => {
    show();
    let rows = await screen.findAllByTestId('chat-group-row');
    expect(within(rows[0]!).getByRole('button', { name: 'Move Lobby up' })).toBeDisabled();
    expect(within(rows[1]!).getByRole('button', { name: 'Move VIP lounge down' })).toBeDisabled();
    expect(rows.map((r) => within(r).getByTestId('chat-group-place').textContent)).toEqual(['1', '2']);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Move Lobby down' }));
    await waitFor(() =>
      expect(calls.find((c) => c.id === 'boChatGroupOrder')?.body).toEqual({ ids: [2, 1] }),
    );
    await waitFor(() => {
      rows = screen.getAllByTestId('chat-group-row');
      expect(within(rows[0]!).getByText('VIP lounge')).toBeInTheDocument();
    });
    expect(within(rows[1]!).getByText('Lobby')).toBeInTheDocument();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Move Lobby up' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.id === 'boChatGroupOrder').at(-1)?.body).toEqual({ ids: [1, 2] }),
    );
  });

  it('deletes a group with a reason; a group with messages is refused and the dialog says to close it', async () => {
    show();
    let rows = await screen.findAllByTestId('chat-group-row');
    // The Lobby holds messages: the dialog says so, and the server's refusal shows.
    fireEvent.click(within(rows[0]!).getByTestId('chat-group-delete'));
    let d = dialog();
    expect(d).toHaveTextContent('Close it instead');
    fireEvent.click(within(d).getByTestId('chat-confirm'));
    expect(within(d).getByRole('alert')).toHaveTextContent('Give a reason');
    fireEvent.change(within(d).getByLabelText('Reason'), { target: { value: 'Tidy up' } });
    fireEvent.click(within(d).getByTestId('chat-confirm'));
    await waitFor(() => expect(within(d).getByRole('alert')).toHaveTextContent('close it instead'));
    fireEvent.click(within(d).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The VIP lounge never held one: deleted, gone from the list.
    rows = screen.getAllByTestId('chat-group-row');
    fireEvent.click(within(rows[1]!).getByTestId('chat-group-delete'));
    d = dialog();
    expect(d).toHaveTextContent('never held a message');
    fireEvent.change(within(d).getByLabelText('Reason'), { target: { value: 'Made by mistake' } });
    fireEvent.click(within(d).getByTestId('chat-confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.id === 'boChatGroupDelete' && c.body!.id === 2)?.body).toEqual({
        id: 2,
        reason: 'Made by mistake',
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('chat-group-row')).toHaveLength(1));
  });
});
