import { useId, useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Icon } from '../../components/Icon.tsx';
import { Container } from '../../components/Layout.tsx';
import type { CourseSummaryDto } from '@atrium/common';
import { useShownCurrency } from '../../api/currency.ts';
import { landingContent } from '../../content/landing.ts';
import { DISCOUNT_ANSWER, INVOICE_ANSWER } from '@atrium/common/rules/orders';
import { faqPricingAnswer } from './landingPrice.ts';
import { Section, SectionHeader, SectionIntro, SectionTitle } from './landingStyles.ts';

/**
 * Ten questions, one open at a time, and the open one can be closed again (SPEC §2).
 *
 * Native disclosures (`<details name="faq">`: the browser keeps one open at a time), so a question
 * opens from the server's HTML before the app has loaded (issue 53), and with JavaScript off;
 * React only adds the arrow keys (Home and End too) between the questions once it has hydrated.
 * Nothing is controlled by React's state: a question opened before hydration stays open, and the
 * hydrated markup is the server's. Radix Accordion would also cost the landing page's first load
 * ~10 KB gzip (scripts/first-load-size.mjs) for this one list.
 */
export function Faq({ courses }: { courses: readonly CourseSummaryDto[] | undefined }) {
  const { faq } = landingContent;
  // The course grid's own answer (one request): prices in the visitor's currency, never stale.
  const pricing = faqPricingAnswer(courses, useShownCurrency(), `${DISCOUNT_ANSWER} ${INVOICE_ANSWER}`);
  const idPrefix = useId();
  const list = useRef<HTMLDivElement>(null);

  const moveFocus = (event: KeyboardEvent<HTMLElement>) => {
    const triggers = [...(list.current?.querySelectorAll<HTMLElement>('[data-faq-trigger]') ?? [])];
    const at = triggers.indexOf(event.currentTarget);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1 + triggers.length, Home: 0, End: triggers.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    triggers[next % triggers.length]?.focus();
  };

  return (
    <Section id="faq" aria-labelledby="faq-title">
      <Container $narrow>
        <SectionHeader>
          <SectionTitle id="faq-title">{faq.heading}</SectionTitle>
          <SectionIntro>{faq.intro}</SectionIntro>
        </SectionHeader>
        <Root ref={list}>
          {faq.items.map((item, index) => {
            const questionId = `${idPrefix}-q${index}`;
            return (
              <Item key={item.topic} name="faq">
                <Question id={questionId} data-faq-trigger="" onKeyDown={moveFocus}>
                  <h3>{item.question}</h3>
                  <Icon name="chevronDown" size={20} />
                </Question>
                <Content role="region" aria-labelledby={questionId}>
                  <p>{item.topic === 'pricing' && pricing ? pricing : item.answer}</p>
                </Content>
              </Item>
            );
          })}
        </Root>
      </Container>
    </Section>
  );
}

const Root = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const Item = styled.details`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};

  &[open] {
    border-color: ${({ theme }) => theme.colors.accentBorder};
    box-shadow: ${({ theme }) => theme.shadow.card};
  }
`;

const Question = styled.summary`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  min-height: 56px;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  /* The browser's own triangle: the chevron says it. */
  list-style: none;
  &::-webkit-details-marker {
    display: none;
  }

  h3 {
    font-size: ${({ theme }) => theme.fontSize.md};
    font-weight: 600;
    color: inherit;
  }

  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.textMuted};
    transition: transform 200ms ease;
  }
  [open] > & svg {
    transform: rotate(180deg);
  }
  &:hover {
    color: ${({ theme }) => theme.colors.accent};
  }
`;

const Content = styled.div`
  padding: 0 ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
`;
