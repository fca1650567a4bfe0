import * as Accordion from '@radix-ui/react-accordion';
import styled from 'styled-components';
import { Icon } from '../../components/Icon.tsx';
import { Container } from '../../components/Layout.tsx';
import { landingContent } from '../../content/landing.ts';
import { Section, SectionHeader, SectionIntro, SectionTitle } from './landingStyles.ts';

/** Ten questions, one open at a time, and the open one can be closed again (SPEC §2). */
export function Faq() {
  const { faq } = landingContent;
  return (
    <Section id="faq" aria-labelledby="faq-title">
      <Container $narrow>
        <SectionHeader>
          <SectionTitle id="faq-title">{faq.heading}</SectionTitle>
          <SectionIntro>{faq.intro}</SectionIntro>
        </SectionHeader>
        <Root type="single" collapsible>
          {faq.items.map((item) => (
            <Item key={item.topic} value={item.topic}>
              <Accordion.Header asChild>
                <h3>
                  <Trigger>
                    <span>{item.question}</span>
                    <Icon name="chevronDown" size={20} />
                  </Trigger>
                </h3>
              </Accordion.Header>
              <Content>
                <p>{item.answer}</p>
              </Content>
            </Item>
          ))}
        </Root>
      </Container>
    </Section>
  );
}

const Root = styled(Accordion.Root)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const Item = styled(Accordion.Item)`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};

  &[data-state='open'] {
    border-color: ${({ theme }) => theme.colors.accentBorder};
    box-shadow: ${({ theme }) => theme.shadow.card};
  }

  h3 {
    font-size: ${({ theme }) => theme.fontSize.md};
  }
`;

const Trigger = styled(Accordion.Trigger)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  width: 100%;
  min-height: 56px;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  text-align: left;
  cursor: pointer;

  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.textMuted};
    transition: transform 200ms ease;
  }
  &[data-state='open'] svg {
    transform: rotate(180deg);
  }
  &:hover {
    color: ${({ theme }) => theme.colors.accent};
  }
`;

const Content = styled(Accordion.Content)`
  padding: 0 ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
`;
