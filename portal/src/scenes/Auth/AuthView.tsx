import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { Card, Container } from '../../components/Layout.tsx';

export interface AuthViewProps {
  /** The site's brand ("Welcome to Acme Training"); null until the configuration is read. */
  brand: string | null;
  /** The tab open first: Register for someone arriving from an invitation who chose it. */
  tab: 'login' | 'register';
  /** Each tab's forms (the provider buttons and the password form), containers of their own. */
  login: ReactNode;
  register: ReactNode;
}

/** /auth: Login and Register tabs (SPEC §2). */
export function AuthView({ brand, tab, login, register }: AuthViewProps) {
  return (
    <Container $narrow>
      <Wrap>
        <Intro>
          <h1>{brand ? `Welcome to ${brand} Training` : 'Welcome to your training site'}</h1>
          <p>Register for free to access your courses for school marketing</p>
        </Intro>
        <Panel as="div">
          <Tabs.Root defaultValue={tab}>
            <TabList aria-label="Sign in or register">
              <Tab value="login">Login</Tab>
              <Tab value="register">Register</Tab>
            </TabList>
            <TabPanel value="login">{login}</TabPanel>
            <TabPanel value="register">{register}</TabPanel>
          </Tabs.Root>
        </Panel>
      </Wrap>
    </Container>
  );
}

const Wrap = styled.div`
  max-width: 28rem;
  margin: 0 auto;
`;

const Intro = styled.div`
  margin-bottom: ${({ theme }) => theme.space.lg};
  text-align: center;

  h1 {
    font-size: ${({ theme }) => theme.fontSize.xxl};
    font-weight: 700;
  }
  p {
    margin-top: ${({ theme }) => theme.space.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Panel = styled(Card)`
  padding: ${({ theme }) => theme.space.lg};

  ${media.tablet} {
    padding: ${({ theme }) => theme.space.xl};
  }
`;

const TabList = styled(Tabs.List)`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => theme.space.xxs};
  margin-bottom: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Tab = styled(Tabs.Trigger)`
  min-height: 40px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
  cursor: pointer;

  &[data-state='active'] {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: 0 1px 3px rgba(23, 32, 51, 0.12);
  }
`;

const TabPanel = styled(Tabs.Content)`
  &:focus-visible {
    outline-offset: 6px;
  }
`;
