import { ContactForm } from '@atrium/widgets/contact-form/ContactForm';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { usePublicConfig } from '../../api/config.ts';
import { Icon } from '../../components/Icon.tsx';
import { Container } from '../../components/Layout.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { landingContent } from '../../content/landing.ts';
import { Section, SectionTitle } from './landingStyles.ts';

/** Contact form (the contact-form widget's component) with its toasts in the portal's system. */
export function ContactSection() {
  const { contact } = landingContent;
  const supportEmail = usePublicConfig().data?.supportEmail;
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
