import type { ReactNode } from 'react';
import { BackLink } from '../../../components/BackLink.tsx';
import type { IconName } from '../../../components/Icon.tsx';
import { Container } from '../../../components/Layout.tsx';
import { QueryState, type ReadState } from '../../../components/QueryState.tsx';

/** The way back from an admin page to /admin. */
export function BackToAdmin() {
  return <BackLink to="/admin">Back to Admin</BackLink>;
}

/**
 * An admin page about one record (a course, a school, a student): its read at page size (loading, a failure
 * with Try again, not found for a 404 or an address that names nothing), each with the way back
 * to /admin, then the record's page in the admin's Container.
 */
export function AdminRecordPage<T>({
  read,
  wellFormed = true,
  loading,
  failed,
  notFound,
  children,
}: {
  read: ReadState<T>;
  /** False when the address names no record (`/admin/schools/abc`): nothing was asked. */
  wellFormed?: boolean;
  /** "Loading school" */
  loading: string;
  /** The failure's heading: "Failed to fetch school". */
  failed: string;
  notFound: { icon: IconName; title: string; text: string };
  children: (record: T) => ReactNode;
}) {
  return (
    <QueryState read={read} wellFormed={wellFormed} loading={loading} failed={failed} notFound={notFound} back={<BackToAdmin />}>
      {(record) => <Container>{children(record)}</Container>}
    </QueryState>
  );
}
