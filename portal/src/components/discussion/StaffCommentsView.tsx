import styled from 'styled-components';
import type { StaffCommentDto } from '@atrium/common';
import { formatInstantDate, formatRelativeTime } from '@atrium/common/rules/dates';
import { Avatar, displayName } from '../Avatar.tsx';
import { Button } from '../Button.tsx';
import { Panel, PanelHeader, PanelLead, RowList } from '../Panel.ts';
import { QueryState, type ReadState } from '../QueryState.tsx';
import { LinkedText } from './LinkedText.tsx';

export interface StaffCommentsViewProps {
  read: ReadState<{ items: StaffCommentDto[]; hasMore: boolean; loadingMore: boolean }>;
  onLoadMore(): void;
}

/**
 * "In the discussions" on /school (issue 58): what the school's staff said in the courses'
 * discussions, newest first. Managers read; the agency's moderators moderate.
 */
export function StaffCommentsView({ read, onLoadMore }: StaffCommentsViewProps) {
  return (
    <Panel aria-labelledby="staff-comments-title">
      <PanelHeader>
        <h2 id="staff-comments-title">In the discussions</h2>
      </PanelHeader>
      <PanelLead>
        What your staff wrote in the courses’ discussions, newest first. The course team moderates the discussions: to raise a concern about a comment, use
        Report on it or contact us.
      </PanelLead>
      <QueryState
        read={read}
        size="panel"
        loading="Loading your staff’s comments"
        failed="Your staff’s comments could not be loaded."
        isEmpty={(data) => data.items.length === 0}
        empty="Nobody from your school has written in a discussion yet."
      >
        {(data) => (
          <>
            <RowList aria-label="Your staff’s comments">
              {data.items.map((item) => (
                <Row key={item.id}>
                  <Avatar person={{ firstName: item.userFirstName, lastName: item.userLastName }} src={item.userProfileImageUrl} size={32} decorative />
                  <div>
                    <Meta>
                      <strong>{displayName({ firstName: item.userFirstName, lastName: item.userLastName })}</strong>
                      <span>
                        {item.reply ? 'replied on' : 'asked on'} {item.moduleTitle} ({item.courseTitle})
                      </span>
                      <time dateTime={item.createdAt} title={formatInstantDate(item.createdAt)}>
                        {formatRelativeTime(item.createdAt)}
                      </time>
                    </Meta>
                    <Text>
                      <LinkedText text={item.comment} />
                    </Text>
                  </div>
                </Row>
              ))}
            </RowList>
            {data.hasMore ? (
              <More>
                <Button variant="secondary" onClick={onLoadMore} disabled={data.loadingMore}>
                  {data.loadingMore ? 'Loading…' : 'Load more'}
                </Button>
              </More>
            ) : null}
          </>
        )}
      </QueryState>
    </Panel>
  );
}

const Row = styled.li`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space.sm};
  align-items: start;
  padding: ${({ theme }) => theme.space.sm} 0;
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  align-items: baseline;

  span,
  time {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const Text = styled.p`
  margin-top: ${({ theme }) => theme.space.xxs};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space.md};
`;
