import { useNavigate } from 'react-router';
import { useMarkNotificationsSeen, useNotifications } from '../../api/notifications.ts';
import { readState } from '../QueryState.tsx';
import { NotificationBellView } from './NotificationBellView.tsx';

/** The container of the header's bell: reads the replies, marks them seen when opened, and opens a reply's thread. */
export function NotificationBell() {
  const notifications = useNotifications();
  const seen = useMarkNotificationsSeen();
  const navigate = useNavigate();
  return (
    <NotificationBellView
      read={readState(notifications)}
      onOpenChange={(open) => {
        if (open && (notifications.data?.unread ?? 0) > 0) seen.mutate();
      }}
      onSelect={(item) => navigate(`/courses/${item.courseId}/modules/${item.moduleId}?thread=${item.threadId}#comment-${item.threadId}`)}
    />
  );
}
