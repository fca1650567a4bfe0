import { useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Icon } from '../../components/Icon.tsx';
import { Container } from '../../components/Layout.tsx';
import { useCourses } from '../../api/courses.ts';
import { useShownCurrency } from '../../api/currency.ts';
import { landingContent } from '../../content/landing.ts';
import { DISCOUNT_ANSWER, INVOICE_ANSWER } from '@atrium/common/rules/orders';
import { faqPricingAnswer } from './landingPrice.ts';
import { Section, SectionHeader, SectionIntro, SectionTitle } from './landingStyles.ts';

/**
 * Ten questions, one open at a time, and the open one can be closed again (SPEC §2).
 *
 * The WAI-ARIA accordion pattern by hand (a heading's button with aria-expanded, its answer a
 * labelled region; arrow keys, Home and End move between questions) rather than Radix Accordion,
 * whose Collection and Presence machinery would cost the landing page's first load ~10 KB gzip
 * (scripts/first-load-size.mjs) for this one list.
 */
export function Faq() {
  const { faq } = landingContent;
  // The course grid's own answer (one request): prices in the visitor's currency, never stale.
  const pricing = faqPricingAnswer(useCourses().data, useShownCurrency(), `${DISCOUNT_ANSWER} ${INVOICE_ANSWER}`);
  const [open, setOpen] = useState<string | null>(null);
  const idPrefix = useId();
  const list = useRef<HTMLDivElement>(null);

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>) => {
    const triggers = [...(list.current?.querySelectorAll<HTMLButtonElement>('[data-faq-trigger]') ?? [])];
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
            const isOpen = open === item.topic;
            const state = isOpen ? 'open' : 'closed';
            const triggerId = `${idPrefix}-q${index}`;
            const answerId = `${idPrefix}-a${index}`;
            return (
              <Item key={item.topic} data-state={state}>
                <h3>
                  <Trigger
                    type="button"
                    id={triggerId}
                    aria-expanded={isOpen}
                    aria-controls={answerId}
                    data-state={state}
                    data-faq-trigger=""
                    onClick={() => setOpen(isOpen ? null : item.topic)}
                    onKeyDown={moveFocus}
                  >
                    <span>{item.question}</span>
                    <Icon name="chevronDown" size={20} />
                  </Trigger>
                </h3>
                <Content id={answerId} role="region" aria-labelledby={triggerId} hidden={!isOpen} data-faq-answer="">
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

const Item = styled.div`
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

const Trigger = styled.button`
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

const Content = styled.div`
  padding: 0 ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
`;
