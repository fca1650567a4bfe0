import { useParams } from 'react-router';
import { usePublicRecord } from '../../api/transcript.ts';
import { Container, PageHeading } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { LoadFailedMessage } from '../../components/LoadFailedMessage.tsx';
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
        <LoadFailedMessage headingLevel={2} title="This record cannot be shown" error={record.error} onRetry={() => void record.refetch()} />
      </Container>
    );
  return <RecordView record={record.data} />;
}
