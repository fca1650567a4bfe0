import { useStaffComments } from '../../api/comments.ts';
import { mapRead, readState } from '../QueryState.tsx';
import { StaffCommentsView } from './StaffCommentsView.tsx';

/** The container of "In the discussions" on /school: `root` is `/api/schools/:id`. */
export function StaffComments({ root }: { root: string }) {
  const comments = useStaffComments(root);
  return (
    <StaffCommentsView
      read={mapRead(readState(comments), (data) => ({
        items: data.pages.flatMap((page) => page.items),
        hasMore: Boolean(comments.hasNextPage),
        loadingMore: comments.isFetchingNextPage,
      }))}
      onLoadMore={() => void comments.fetchNextPage()}
    />
  );
}
