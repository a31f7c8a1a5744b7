import { Button, Center } from '@mantine/core';

export interface LoadMoreButtonProps {
  /** Whether the server has further pages; nothing shows without them. */
  hasMore: boolean;
  /** The next page is loading. */
  loading: boolean;
  /** Loads the next page. */
  onLoadMore: () => void;
}

/** The 'Load more' footer under a paged list. */
export function LoadMoreButton({ hasMore, loading, onLoadMore }: LoadMoreButtonProps) {
  if (!hasMore) return null;
  return (
    <Center p="md">
      <Button variant="default" onClick={onLoadMore} loading={loading}>
        Load more
      </Button>
    </Center>
  );
}
