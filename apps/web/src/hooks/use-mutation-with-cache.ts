import {
  type QueryClient,
  type QueryKey,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';

type MutationFn<TData, TVariables> = (variables: TVariables) => Promise<TData>;

function useMutationThen<TData, TVariables>(
  mutationFn: MutationFn<TData, TVariables>,
  onSuccess: (queryClient: QueryClient, data: TData) => unknown,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (data) => onSuccess(queryClient, data) });
}

/**
 * A mutation after whose success the queries under `queryKey` are marked stale and the active ones
 * refetched; the mutation settles once they are.
 */
export function useMutationThatInvalidates<TData, TVariables = void>(
  mutationFn: MutationFn<TData, TVariables>,
  queryKey: QueryKey,
) {
  return useMutationThen(mutationFn, (queryClient) => queryClient.invalidateQueries({ queryKey }));
}

/** A mutation whose answer becomes the data of the query at `queryKey`, with no refetch. */
export function useMutationThatCaches<TData, TVariables = void>(
  mutationFn: MutationFn<TData, TVariables>,
  queryKey: QueryKey,
) {
  return useMutationThen(mutationFn, (queryClient, data) =>
    queryClient.setQueryData(queryKey, data),
  );
}
