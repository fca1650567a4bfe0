import { useParams } from 'react-router';
import { usePublicRecord } from '../../api/transcript.ts';
import { PageHeading } from '../../components/Layout.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { RecordView } from './RecordView.tsx';

/** /record/:token (issue 59): public. A teacher's verified CPD record, as the link they shared shows it. */
export function RecordScene() {
  usePageTitle('Verified CPD record');
  const { token = '' } = useParams();
  const record = usePublicRecord(token);
  return (
    <QueryState
      read={record}
      loading="Loading the record"
      failed="This record cannot be shown"
      notFound={{
        icon: 'alert',
        title: 'This link does not work',
        text: 'It was mistyped, or the person who shared it has stopped it. Ask them for a new link.',
      }}
      headingLevel={2}
      above={<PageHeading title="Verified CPD record" />}
    >
      {(shown) => <RecordView record={shown} />}
    </QueryState>
  );
}
