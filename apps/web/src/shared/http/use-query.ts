import { startTransition, useEffect, useReducer, useState } from 'react';
import {
  notifyManager,
  QueryObserver,
  useQueryClient,
  type DefaultError,
  type DefinedInitialDataOptions,
  type DefinedUseQueryResult,
  type QueryKey,
  type UndefinedInitialDataOptions,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';

/**
 * TanStack Query's `useQuery`, with one difference: an answer that arrives renders in a
 * transition, which React slices into short tasks and sets aside for input, instead of in one
 * synchronous render.
 *
 * TanStack's hook hears of a new result through `useSyncExternalStore`, and React renders every
 * change of such a store synchronously (a transition cannot hold one back). On a phone's first
 * visit the page's queries answer while the first render is under way; when each one subscribes,
 * it finds the answer in and re-renders its component at once: on home, the whole page in one task
 * of about 90 ms, four times that on Lighthouse's simulated phone (decision 015, ninth pass). Here
 * the component hears of a change through a state update made in a transition, and reads the result
 * from the observer as TanStack's hook does, so whatever renders it for another reason sees the
 * newest answer too.
 *
 * The app uses neither suspense, `throwOnError` nor a persisting provider, so their handling is left
 * out; `eslint.config.js` keeps TanStack's own hook out of the app.
 */
export function useQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(
  options: DefinedInitialDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): DefinedUseQueryResult<TData, TError>;
export function useQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(
  options: UndefinedInitialDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<TData, TError>;
export function useQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError>;
export function useQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions(options);
  // As TanStack's hook: a query about to fetch reads as fetching from the first render on.
  defaulted._optimisticResults = 'optimistic';
  const [observer] = useState(
    () => new QueryObserver<TQueryFnData, TError, TData, TQueryFnData, TQueryKey>(client, defaulted),
  );
  const [, changed] = useReducer((n: number) => n + 1, 0);
  const result = observer.getOptimisticResult(defaulted);

  useEffect(() => {
    observer.setOptions(defaulted);
  }, [defaulted, observer]);

  useEffect(() => {
    const unsubscribe = observer.subscribe(notifyManager.batchCalls(() => startTransition(changed)));
    // An answer that came between the first render and this subscription is not missed.
    observer.updateResult();
    return unsubscribe;
  }, [observer]);

  // Only a change of the fields this component reads renders it again (TanStack's tracking).
  return defaulted.notifyOnChangeProps ? result : observer.trackResult(result);
}
