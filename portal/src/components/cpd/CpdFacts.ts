import styled from 'styled-components';

/** The line of facts under a CPD entry (provider, date, hours, score), on the transcript and the shared record alike. */
export const CpdFacts = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};

  strong {
    color: ${({ theme }) => theme.colors.text};
  }

  a {
    font-weight: 600;
  }
`;
