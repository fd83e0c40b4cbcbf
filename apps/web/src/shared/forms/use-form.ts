import {
  useLayoutEffect,
  useReducer,
  useState,
  type ChangeEvent,
  type FormEvent,
  type RefCallback,
} from 'react';

/**
 * The forms' own form hook, in place of React Hook Form (decision 060): the part of its API the
 * thirteen forms use, with its names and, for that part, its behaviour under the options they use
 * (`mode: 'onSubmit'`, `reValidateMode: 'onChange'`, its defaults). React Hook Form and its
 * resolvers were 12.3 kB gzip of the 350 kB every player's JavaScript may weigh (bench/web-size);
 * this is under 1 kB.
 *
 * - Inputs are uncontrolled: `register(name, { validate })` gives `name`, `onChange`, `onBlur`,
 *   `ref`; a newly attached input is given the form's value (a checkbox its `checked`), and a
 *   change stores the input's value (a checkbox's `checked`).
 * - Nothing is checked before the first submit; after it, a change checks its own field again
 *   (its error set or cleared, no other field's). A blur checks nothing.
 * - `handleSubmit(onValid)`: the resolver over all values, or else each mounted field's
 *   `validate`; with errors, the first failing field (in the order the fields were registered)
 *   takes the focus and `onValid` is not called; without, it is called with the values (the
 *   resolver's, or all of them).
 * - `trigger(name)` checks one field now and says whether it passed; `setValue`, `getValues`,
 *   `clearErrors()` and `subscribe({ formState: { values: true }, callback })` (told of every
 *   change and `setValue`) as in React Hook Form.
 */

/** Any form's values: an interface has no index signature, so `any` here, as React Hook Form has it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FieldValues = Record<string, any>;

export interface FieldError {
  type: string;
  message?: string;
}

export type FieldErrors<V extends FieldValues> = Partial<Record<keyof V, FieldError>>;

/** Checks a whole form: its errors by field, or the values to submit. */
export type Resolver<V extends FieldValues> = (
  values: V,
) => Promise<{ values: V | Record<string, never>; errors: Record<string, FieldError> }>;

/** A field's own check: true (or nothing) passes, a sentence fails with it, false fails silently. */
export interface RegisterOptions<T> {
  validate?: (value: T) => string | boolean | undefined;
}

export interface UseFormRegisterReturn<N extends string = string> {
  name: N;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  onBlur: () => void;
  ref: RefCallback<HTMLInputElement | HTMLSelectElement>;
}

export interface UseFormReturn<V extends FieldValues> {
  formState: { errors: FieldErrors<V> };
  register: <N extends keyof V & string>(
    name: N,
    options?: RegisterOptions<V[N]>,
  ) => UseFormRegisterReturn<N>;
  handleSubmit: (onValid: (values: V) => unknown) => (event?: FormEvent) => Promise<void>;
  getValues: {
    (): V;
    <N extends keyof V>(name: N): V[N];
  };
  setValue: <N extends keyof V>(name: N, value: V[N]) => void;
  trigger: (name: keyof V & string) => Promise<boolean>;
  clearErrors: () => void;
  subscribe: (options: {
    formState: { values: true };
    callback: (state: { values: V }) => void;
  }) => () => void;
}

export interface UseFormProps<V extends FieldValues> {
  defaultValues: V;
  resolver?: Resolver<V> | undefined;
  mode?: 'onSubmit';
  reValidateMode?: 'onChange';
}

type Input = HTMLInputElement | HTMLSelectElement;

interface Field {
  /** The last input attached, kept while it is away (a new one is given the form's value). */
  element: Input | null;
  mounted: boolean;
  validate: ((value: never) => string | boolean | undefined) | undefined;
}

const isCheckbox = (element: Input): element is HTMLInputElement =>
  element instanceof HTMLInputElement && element.type === 'checkbox';

export function useForm<V extends FieldValues>(props: UseFormProps<V>): UseFormReturn<V> {
  const [, render] = useReducer((n: number) => n + 1, 0);
  const [control] = useState(() => createForm(props, render));
  // The latest options (a resolver made from the latest rules) for the next event.
  useLayoutEffect(() => control.setOptions(props));
  return control.form;
}

/** A form's state and its functions, made once per form. */
function createForm<V extends FieldValues>(
  initial: UseFormProps<V>,
  render: () => void,
): { form: UseFormReturn<V>; setOptions: (options: UseFormProps<V>) => void } {
  const options = { current: initial };
  const values = { ...initial.defaultValues } as V;
  let errors: FieldErrors<V> = {};
  let submitted = false;
  const fields = new Map<string, Field>();
  const listeners = new Set<(state: { values: V }) => void>();
  const told = () => listeners.forEach((listener) => listener({ values: { ...values } }));

  const setErrors = (next: FieldErrors<V>) => {
    errors = next;
    form.formState = { errors };
    render();
  };

  /** One field's error now, or null: the resolver's for it, or its own check's while it is mounted. */
  const check = async (name: string): Promise<FieldError | null> => {
    const { resolver } = options.current;
    if (resolver) return (await resolver({ ...values })).errors[name] ?? null;
    const field = fields.get(name);
    if (!field?.mounted || !field.validate) return null;
    const result = await field.validate(values[name] as never);
    return typeof result === 'string' || result === false
      ? { type: 'validate', message: typeof result === 'string' ? result : '' }
      : null;
  };

  const setError = (name: string, error: FieldError | null) => {
    const next: FieldErrors<V> = { ...errors };
    if (error) next[name as keyof V] = error;
    else delete next[name as keyof V];
    setErrors(next);
  };

  const form: UseFormReturn<V> = {
    formState: { errors },
    register: (name, registerOptions) => {
      const field = fields.get(name) ?? { element: null, mounted: false, validate: undefined };
      field.validate = registerOptions?.validate as Field['validate'];
      fields.set(name, field);
      return {
        name,
        onChange: (event) => {
          const target = event.target;
          values[name] = (isCheckbox(target) ? target.checked : target.value) as V[typeof name];
          told();
          if (submitted) void check(name).then((error) => setError(name, error));
        },
        onBlur: () => {},
        ref: (element) => {
          field.mounted = Boolean(element);
          if (!element || element === field.element) return;
          field.element = element;
          const value = values[name];
          if (isCheckbox(element)) element.checked = Boolean(value);
          else element.value = value == null ? '' : String(value);
        },
      };
    },
    handleSubmit: (onValid) => async (event) => {
      event?.preventDefault();
      let found: Record<string, FieldError> = {};
      let submittedValues: V = { ...values };
      const { resolver } = options.current;
      if (resolver) {
        const result = await resolver({ ...values });
        found = result.errors;
        submittedValues = result.values as V;
      } else
        for (const name of fields.keys()) {
          const error = await check(name);
          if (error) found[name] = error;
        }
      submitted = true;
      setErrors(found as FieldErrors<V>);
      if (Object.keys(found).length === 0) {
        await onValid(submittedValues);
        return;
      }
      for (const [name, field] of fields)
        if (found[name] && field.mounted && field.element) {
          field.element.focus();
          break;
        }
    },
    getValues: ((name?: keyof V) =>
      name === undefined ? { ...values } : values[name]) as UseFormReturn<V>['getValues'],
    setValue: (name, value) => {
      values[name] = value;
      const element = fields.get(name as string)?.element;
      if (element) {
        if (isCheckbox(element)) element.checked = Boolean(value);
        else element.value = value == null ? '' : String(value);
      }
      told();
    },
    trigger: async (name) => {
      const error = await check(name);
      setError(name, error);
      return !error;
    },
    clearErrors: () => setErrors({}),
    subscribe: ({ callback }) => {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
  };
  return {
    form,
    setOptions: (next) => {
      options.current = next;
    },
  };
}
