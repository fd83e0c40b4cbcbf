import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { checksResolver } from './field-rules.ts';
import { useForm, type UseFormReturn } from './use-form.ts';

interface Values {
  name: string;
  again: string;
  remember: boolean;
}

const defaults: Values = { name: 'ann', again: '', remember: true };

function Checked({
  onValid,
  expose,
}: {
  onValid: (v: Values) => void;
  expose?: (f: UseFormReturn<Values>) => void;
}) {
  const form = useForm<Values>({
    defaultValues: defaults,
    resolver: checksResolver<Values>({
      name: (v) => (v ? null : 'name missing'),
      again: (v, all) => (v === all.name ? null : 'not the same'),
      remember: null,
    }),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  expose?.(form);
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <input aria-label="name" {...form.register('name')} />
      {errors.name ? <p>{errors.name.message}</p> : null}
      <input aria-label="again" {...form.register('again')} />
      {errors.again ? <p>{errors.again.message}</p> : null}
      <input aria-label="remember" type="checkbox" {...form.register('remember')} />
      <button type="submit">go</button>
    </form>
  );
}

describe('useForm (decision 060)', () => {
  it('gives inputs their defaults, checks nothing before the first submit, then the changed field on each change', async () => {
    const onValid = vi.fn();
    render(<Checked onValid={onValid} />);
    const name = screen.getByLabelText<HTMLInputElement>('name');
    const again = screen.getByLabelText<HTMLInputElement>('again');
    expect(name.value).toBe('ann');
    expect(screen.getByLabelText<HTMLInputElement>('remember').checked).toBe(true);
    fireEvent.change(again, { target: { value: 'x' } });
    fireEvent.blur(again);
    expect(screen.queryByText('not the same')).toBeNull();

    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByText('go'));
    await screen.findByText('name missing');
    expect(screen.getByText('not the same')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
    // The first failing field, in the order registered, takes the focus.
    expect(document.activeElement).toBe(name);

    // A change re-checks its own field only.
    fireEvent.change(again, { target: { value: '' } });
    await waitFor(() => expect(screen.queryByText('not the same')).toBeNull());
    expect(screen.getByText('name missing')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'bo' } });
    await waitFor(() => expect(screen.queryByText('name missing')).toBeNull());
    // 'again' is '' and 'name' is 'bo' now, but 'again' was not changed: its error stays away.
    expect(screen.queryByText('not the same')).toBeNull();

    fireEvent.change(again, { target: { value: 'bo' } });
    fireEvent.click(screen.getByLabelText('remember'));
    fireEvent.click(screen.getByText('go'));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: 'bo', again: 'bo', remember: false }));
  });

  it('setValue, getValues, trigger, clearErrors and subscribe', async () => {
    let form!: UseFormReturn<Values>;
    render(<Checked onValid={() => {}} expose={(f) => (form = f)} />);
    const seen: Values[] = [];
    const stop = form.subscribe({ formState: { values: true }, callback: ({ values }) => seen.push(values) });
    act(() => form.setValue('again', 'ann'));
    expect(screen.getByLabelText<HTMLInputElement>('again').value).toBe('ann');
    expect(form.getValues('again')).toBe('ann');
    fireEvent.change(screen.getByLabelText('name'), { target: { value: 'cy' } });
    expect(seen.map((v) => v.again + '/' + v.name)).toEqual(['ann/ann', 'ann/cy']);
    stop();
    let passed: boolean | undefined;
    await act(async () => {
      passed = await form.trigger('again');
    });
    expect(passed).toBe(false);
    expect(screen.getByText('not the same')).toBeTruthy();
    act(() => form.clearErrors());
    expect(screen.queryByText('not the same')).toBeNull();
    expect(form.getValues()).toEqual({ name: 'cy', again: 'ann', remember: true });
  });

  it("without a resolver: each mounted field's own check, none of a field not shown", async () => {
    const onValid = vi.fn();
    function Own() {
      const [extra, setExtra] = useState(true);
      const form = useForm<{ code: string; password: string }>({ defaultValues: { code: '', password: '' } });
      const { errors } = form.formState;
      return (
        <form onSubmit={form.handleSubmit(onValid)} noValidate>
          <input
            aria-label="code"
            {...form.register('code', { validate: (v) => /^\d{6}$/.test(v) || 'six digits' })}
          />
          {errors.code ? <p>{errors.code.message}</p> : null}
          {extra ? (
            <input
              aria-label="password"
              {...form.register('password', { validate: (v) => Boolean(v) || 'password' })}
            />
          ) : null}
          {errors.password ? <p>{errors.password.message}</p> : null}
          <button type="button" onClick={() => setExtra(false)}>
            hide
          </button>
          <button type="submit">go</button>
        </form>
      );
    }
    render(<Own />);
    fireEvent.click(screen.getByText('go'));
    await screen.findByText('six digits');
    expect(screen.getByText('password')).toBeTruthy();
    fireEvent.click(screen.getByText('hide'));
    fireEvent.change(screen.getByLabelText('code'), { target: { value: '123456' } });
    await waitFor(() => expect(screen.queryByText('six digits')).toBeNull());
    fireEvent.click(screen.getByText('go'));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ code: '123456', password: '' }));
  });
});
