import { useParams } from 'react-router';
import { isNotFound } from '../../api/client.ts';
import { usePublicRecord } from '../../api/transcript.ts';
import { Container, PageHeading } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { LoadFailedMessage } from '../../components/LoadFailedMessage.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { RecordView } from './RecordView.tsx';

/** /record/:token (issue 59): public. A teacher's verified CPD record, as the link they shared shows it. */
export function RecordScene() {
  usePageTitle('Verified CPD record');
  const { token = '' } = useParams();
  const record = usePublicRecord(token);
  if (record.isPending) return <LoadingState label="Loading the record" />;
  if (record.isError)
    return (
      <Container>
        <PageHeading title="Verified CPD record" />
        {isNotFound(record.error) ? (
          // A stopped or mistyped link stays so: trying again would not help.
          <StatusMessage icon="alert" headingLevel={2} title="This link does not work">
            <p>It was mistyped, or the person who shared it has stopped it. Ask them for a new link.</p>
          </StatusMessage>
        ) : (
          <LoadFailedMessage headingLevel={2} title="This record cannot be shown" error={record.error} onRetry={() => void record.refetch()} />
        )}
      </Container>
    );
  return <RecordView record={record.data} />;
}
