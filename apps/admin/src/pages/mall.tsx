import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { backoffice } from '@app/contract';
import { boCall } from '../api/client.ts';
import { Dialog } from '../ui/dialog.tsx';
import { Empty, Failed, Loading } from '../ui/states.tsx';
import { LanguageVersions } from './content-versions.tsx';

type Goods = backoffice.MallGoodsItem;
const POINTS = (n: number) =>
  n.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The points mall's goods (decision 033 "The mall", permission content.edit): what the mall offers,
 * its cost in points, the deposits it requires and the stock left; add an item or change one (a new
 * quantity moves what is left by the difference). Every save is audited by the server.
 */
export function MallPage() {
  const query = useQuery({ queryKey: ['bo', 'mall-goods'], queryFn: () => boCall(backoffice.boMallGoods) });
  const [editing, setEditing] = useState<Goods | 'new' | null>(null);
  return (
    <div className="page">
      <header className="page-head">
        <div>
          <h1>Points mall</h1>
          <p className="muted">The goods members redeem with points. Redeems wait in Points redeems.</p>
        </div>
        <div className="head-actions">
          <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
            Add an item
          </button>
        </div>
      </header>
      <div className="table-card">
        <div className="table-scroll">
          <table className="grid grid-cards" aria-label="Mall goods" aria-busy={query.isFetching}>
            <thead>
              <tr>
                <th>Item</th>
                <th className="num">Points</th>
                <th className="num">Deposits required</th>
                <th className="num">Left / stock</th>
                <th>On sale</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {(query.data?.list ?? []).map((g) => (
                <tr key={g.id} data-testid="mall-row">
                  <td data-label="Item">{g.name}</td>
                  <td data-label="Points" className="num mono">
                    {POINTS(g.points)}
                  </td>
                  <td data-label="Deposits required" className="num mono">
                    {g.amount > 0 ? POINTS(g.amount) : '—'}
                  </td>
                  <td data-label="Left / stock" className="num mono">
                    {g.available} / {g.quantity}
                  </td>
                  <td data-label="On sale">
                    <span className={`badge badge-${g.enabled ? 'ok' : 'off'}`}>
                      {g.enabled ? 'On sale' : 'Off'}
                    </span>
                  </td>
                  <td>
                    <button type="button" className="button" onClick={() => setEditing(g)}>
                      Edit
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {query.isLoading ? <Loading /> : null}
          {query.isError ? <Failed error={query.error} retry={() => void query.refetch()} /> : null}
          {query.isSuccess && query.data.list.length === 0 ? (
            <Empty title="The mall has no goods yet">Add an item for members to redeem.</Empty>
          ) : null}
        </div>
      </div>
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? 'Add an item' : editing ? `Edit ${editing.name}` : ''}
        onClose={() => setEditing(null)}
      >
        {editing !== null ? (
          <GoodsForm
            goods={editing === 'new' ? null : editing}
            onDone={() => {
              setEditing(null);
              void query.refetch();
            }}
          />
        ) : null}
        {editing !== null && editing !== 'new' ? (
          <LanguageVersions kind="goods" id={String(editing.id)} fields={{}} />
        ) : null}
      </Dialog>
    </div>
  );
}

function GoodsForm({ goods, onDone }: { goods: Goods | null; onDone: () => void }) {
  const [name, setName] = useState(goods?.name ?? '');
  const [image, setImage] = useState(goods?.image ?? '');
  const [points, setPoints] = useState(String(goods?.points ?? ''));
  const [amount, setAmount] = useState(String(goods?.amount ?? 0));
  const [quantity, setQuantity] = useState(String(goods?.quantity ?? ''));
  const [enabled, setEnabled] = useState(goods?.enabled ?? true);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: backoffice.MallGoodsBody) => boCall(backoffice.boMallGoodsSave, { body }),
    onSuccess: onDone,
    onError: (err) => setError(err instanceof Error ? err.message : 'The save failed'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = backoffice.MallGoodsBodySchema.safeParse({
      ...(goods ? { id: goods.id, sort: goods.sort } : {}),
      name,
      image,
      points: Number(points),
      amount: Number(amount || 0),
      quantity: Number(quantity),
      enabled,
    });
    if (!parsed.success) {
      setError(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; '));
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };
  return (
    <form className="form" onSubmit={submit}>
      <label className="field">
        <span>Name</span>
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required autoFocus />
      </label>
      <label className="field">
        <span>Image URL (optional)</span>
        <input value={image} onChange={(e) => setImage(e.target.value)} placeholder="https://… or /img/…" />
      </label>
      <label className="field">
        <span>Points</span>
        <input value={points} onChange={(e) => setPoints(e.target.value)} inputMode="decimal" required />
      </label>
      <label className="field">
        <span>Deposits required (0: none)</span>
        <input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" />
      </label>
      <label className="field">
        <span>Stock</span>
        <input value={quantity} onChange={(e) => setQuantity(e.target.value)} inputMode="numeric" required />
        {goods ? (
          <small className="muted">{goods.available} left now; a new stock moves it by the difference.</small>
        ) : null}
      </label>
      <label className="check">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> On sale
      </label>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button className="button button-primary" type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
