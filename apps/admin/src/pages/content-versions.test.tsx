import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { backoffice } from '@app/contract';

/** Every call the panel makes, answered from a little in-memory store of versions. */
const calls: { id: string; input: unknown }[] = [];
let versions: backoffice.ContentVersion[] = [];

vi.mock('../api/client.ts', () => ({
  boCall: vi.fn(
    async (def: { id: string }, input: { query?: unknown; body?: Record<string, unknown> } = {}) => {
      calls.push({ id: def.id, input: input.body ?? input.query });
      if (def.id === 'boContentVersions')
        return { kind: 'notice', id: '7', baseLanguage: 'en', defaultLanguage: 'my', versions };
      if (def.id === 'boContentPreview') {
        const html = String(input.body!.html);
        const clean = html.replace(/<script[\s\S]*?<\/script>/g, '');
        return { html: clean, changed: clean !== html };
      }
      if (def.id === 'boContentVersionSave') {
        const b = input.body!;
        const v = {
          language: String(b.language),
          title: String(b.title),
          content: String(b.content ?? ''),
          imageUrl: String(b.imageUrl ?? ''),
          categoryTitle: String(b.categoryTitle ?? ''),
          updatedAt: 1_700_000_000_000,
        };
        versions = [...versions.filter((x) => x.language !== v.language), v];
        return v;
      }
      if (def.id === 'boContentVersionDelete') {
        versions = versions.filter((x) => x.language !== input.body!.language);
        return { removed: true };
      }
      throw new Error(`unexpected call ${def.id}`);
    },
  ),
}));

const { LanguageVersions, languageName } = await import('./content-versions.tsx');

// jsdom has no modal dialogs: open and close set the attribute, as a browser does.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open');
};

function show(fields = { html: true }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LanguageVersions kind="notice" id="7" fields={fields} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  calls.length = 0;
  versions = [
    {
      language: 'my',
      title: 'ကြိုဆိုရေးဘောနပ်စ်',
      content: '<p>မြန်မာ</p>',
      imageUrl: '',
      categoryTitle: '',
      updatedAt: 1_700_000_000_000,
    },
  ];
});

describe('the language versions panel (decision 047)', () => {
  it('names languages in English with their code', () => {
    expect(languageName('my')).toBe('Burmese (my)');
    expect(languageName('zh-CN')).toMatch(/Chinese.*\(zh-CN\)/);
  });

  it("lists an item's versions and the fallback order, and offers only the languages without one (never English)", async () => {
    show();
    const table = await screen.findByRole('table', { name: 'Language versions' });
    expect(within(table).getByText('Burmese (my)')).toBeInTheDocument();
    expect(within(table).getByText('ကြိုဆိုရေးဘောနပ်စ်')).toHaveAttribute('lang', 'my');
    expect(
      screen.getByText(
        /in their language, else the English text\. A visitor whose language is not known reads Burmese \(my\) \(the brand’s default\)/,
      ),
    ).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Add a language' });
    const offered = within(select)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value)
      .filter(Boolean);
    expect(offered).toHaveLength(29);
    expect(offered).not.toContain('en');
    expect(offered).not.toContain('my');
    expect(offered).toContain('th');
    expect(calls[0]).toEqual({ id: 'boContentVersions', input: { kind: 'notice', id: '7' } });
  });

  it('adds a Thai version with its title and HTML, previewed as the server sanitises it, and lists it after the save', async () => {
    show();
    await screen.findByRole('table', { name: 'Language versions' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Add a language' }), { target: { value: 'th' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add version' }));
    const form = await screen.findByRole('form', { name: 'Version in Thai (th)' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Title' }), {
      target: { value: 'โบนัสต้อนรับ' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Text \(HTML\)/ }), {
      target: { value: '<p>สวัสดี</p><script>alert(1)</script>' },
    });
    // The preview is the server's answer: the script is gone, and it says something was removed.
    await waitFor(() => expect(within(form).getByText(/something was removed/)).toBeInTheDocument());
    expect(within(form).getByLabelText('Preview').innerHTML).not.toContain('script');
    fireEvent.click(within(form).getByRole('button', { name: 'Save version' }));
    await waitFor(() => expect(screen.getByText('Thai (th)')).toBeInTheDocument());
    expect(calls.find((c) => c.id === 'boContentVersionSave')?.input).toEqual({
      kind: 'notice',
      id: '7',
      language: 'th',
      title: 'โบนัสต้อนรับ',
      content: '<p>สวัสดี</p><script>alert(1)</script>',
      imageUrl: '',
      categoryTitle: '',
    });
  });

  it('removes a version only once confirmed', async () => {
    show();
    const table = await screen.findByRole('table', { name: 'Language versions' });
    fireEvent.click(within(table).getByRole('button', { name: 'Remove' }));
    expect(calls.some((c) => c.id === 'boContentVersionDelete')).toBe(false);
    const dialog = await screen.findByRole('dialog', { name: 'Remove Burmese (my)' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.find((c) => c.id === 'boContentVersionDelete')?.input).toEqual({
        kind: 'notice',
        id: '7',
        language: 'my',
      }),
    );
    await waitFor(() => expect(screen.getByText(/No other language yet/)).toBeInTheDocument());
  });

  it('asks a banner for its image and a goods item for a name, with no HTML', async () => {
    show({ html: false });
    await screen.findByRole('table', { name: 'Language versions' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Version in Burmese (my)' });
    expect(within(form).queryByRole('textbox', { name: /Text \(HTML\)/ })).toBeNull();
  });
});
