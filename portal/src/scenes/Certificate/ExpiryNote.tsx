import styled from 'styled-components';
import { formatCalendarDate } from '@atrium/common/rules/dates';
import { Icon } from '../../components/Icon.tsx';

/**
 * The validity of a certificate of a course that expires: "Valid until …", or "Expired on …"
 * once past it. An expired certificate is not revoked: it still proves the course was completed.
 */
export function ExpiryNote({ expiresOn, expired }: { expiresOn: string; expired: boolean }) {
  const date = formatCalendarDate(expiresOn);
  return (
    <Note $expired={expired}>
      {expired ? (
        <>
          <Icon name="alert" size={18} /> Expired on {date}
        </>
      ) : (
        <>Valid until {date}</>
      )}
    </Note>
  );
}

const Note = styled.p<{ $expired: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  font-weight: 600;
  color: ${({ theme, $expired }) => ($expired ? theme.colors.danger : theme.colors.textMuted)};
`;
