import { useParams } from 'react-router';
import { useStudent } from '../../../api/adminStudents.ts';
import { displayName } from '../../../components/Avatar.tsx';
import { readState } from '../../../components/QueryState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { AdminStudentView } from './AdminStudentView.tsx';
import { StudentCertificates } from './StudentCertificates.tsx';
import { StudentEnrollments } from './StudentEnrollments.tsx';

/** /admin/students/:studentId: the student read; their enrollments and certificates are panels of their own. */
export function AdminStudentScene() {
  const { studentId = '' } = useParams();
  const student = useStudent(studentId);
  usePageTitle(student.data ? displayName(student.data) : 'Student');
  return (
    <AdminStudentView
      student={readState(student)}
      wellFormed={/^\d+$/.test(studentId)}
      panels={(shown) => ({ enrollments: <StudentEnrollments student={shown} />, certificates: <StudentCertificates studentId={shown.id} /> })}
    />
  );
}
