import styled from 'styled-components';

/** Skip link target shared by every page. */
export const MAIN_ID = 'main';

/** First in every page's tab order: straight to its main landmark. Its own module, so the landing page has it without the signed-in frame. */
export function SkipLink() {
  return (
    <Skip href={`#${MAIN_ID}`} className="no-print">
      Skip to content
    </Skip>
  );
}

const Skip = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.space.md};
  top: -100px;
  z-index: ${({ theme }) => theme.zIndex.toast};
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.onAccent};
  font-weight: 600;

  &:focus {
    top: ${({ theme }) => theme.space.xs};
    color: ${({ theme }) => theme.colors.onAccent};
  }
`;
