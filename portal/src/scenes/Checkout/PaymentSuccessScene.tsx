import { ButtonLink } from '../../components/Button.tsx';
import { Container } from '../../components/Layout.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';

/**
 * /payment-success. Card payment is not part of this release, so there is never a payment here
 * to confirm; the page says that instead of claiming a success the server has not confirmed.
 */
export function PaymentSuccessScene() {
  usePageTitle('Payment');
  return (
    <Container $narrow>
      <StatusMessage icon="alert" headingLevel={1} title="No card payment to confirm" actions={<ButtonLink to="/">Go to Dashboard</ButtonLink>}>
        <p>
          Card payment is not available on this site yet, so there is no payment to confirm. If your school is paying by invoice, the
          course appears on your dashboard as soon as the invoice has been paid.
        </p>
      </StatusMessage>
    </Container>
  );
}
