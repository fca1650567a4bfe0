import { ContactForm } from '@atrium/widgets/contact-form/ContactForm';
import { useLocation } from 'react-router';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { Icon } from '../../components/Icon.tsx';
import { Container } from '../../components/Layout.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { landingContent } from '../../content/landing.ts';
import { Section, SectionTitle } from './landingStyles.ts';

/**
 * Contact form (the contact-form widget's component) with its toasts in the portal's system.
 * Posted before the app has loaded, the form is sent by the browser itself and the server brings
 * the visitor back here as `/?sent=1#contact` (server/src/routes/pages/): the confirmation is then
 * part of the page, drawn by the server and kept by hydration.
 */
export function ContactSection({ supportEmail }: { supportEmail?: string }) {
  const { contact } = landingContent;
  const sent = new URLSearchParams(useLocation().search).get('sent') === '1';
  const { toast } = useToast();
  return (
    <Section id="contact" aria-labelledby="contact-title">
      <Grid>
        <Intro>
          <SectionTitle id="contact-title">{contact.heading}</SectionTitle>
          <p>{contact.body}</p>
          <Promise>
            <Icon name="clock" size={20} />
            {contact.responseTime}
          </Promise>
          {supportEmail ? (
            <Email>
              <Icon name="mail" size={20} />
              <span>
                {contact.emailLabel} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
              </span>
            </Email>
          ) : null}
        </Intro>
        <FormCard>
          {sent ? (
            <Sent role="status">
              <Icon name="check" size={20} />
              <span>
                <strong>{contact.sent.title}</strong> {contact.sent.body}
              </span>
            </Sent>
          ) : null}
          <ContactForm
            source="landing"
            action="/contact"
            onNotify={(message) =>
              toast({
                title: message.title,
                description: message.description,
                variant: message.variant === 'error' ? 'destructive' : 'success',
              })
            }
          />
        </FormCard>
      </Grid>
    </Section>
  );
}

const Grid = styled(Container)`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};

  ${media.desktop} {
    grid-template-columns: 1fr 1.2fr;
    align-items: start;
  }
`;

const Intro = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  p {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
`;

const Promise = styled.p`
  && {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    color: ${({ theme }) => theme.colors.success};
    font-size: ${({ theme }) => theme.fontSize.md};
    font-weight: 600;
  }
`;

const Email = styled.p`
  && {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSize.md};
    color: ${({ theme }) => theme.colors.text};
  }
  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.accent};
  }
  a {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const Sent = styled.p`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.successSoft};
  color: ${({ theme }) => theme.colors.text};
  svg {
    flex: none;
    margin-top: 2px;
    color: ${({ theme }) => theme.colors.success};
  }
`;

const FormCard = styled.div`
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};

  ${media.tablet} {
    padding: ${({ theme }) => theme.space.xl};
  }
`;
