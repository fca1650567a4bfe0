import { useNavigate, useParams } from 'react-router';
import { useShownCurrency } from '../../api/currency.ts';
import { errorText, hasErrorId } from '../../api/client.ts';
import { useCertificateLinks } from '../../api/certificates.ts';
import { useCourseCaptions } from '../../api/captions.ts';
import { useCourse, useEnroll } from '../../api/courses.ts';
import { shownPrice } from '../../components/coursePrice.ts';
import { readState } from '../../components/QueryState.tsx';
import { CourseResources } from '../../components/resources/ResourceList.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { sortModules } from '../../components/moduleOrder.ts';
import { CourseView, courseFinished } from './CourseView.tsx';
import { RenewalPanel } from './RenewalPanel.tsx';

/** /courses/:id: the course, its captions and resources, enrolling (a priced course goes to checkout). */
export function CourseScene() {
  const { id = '' } = useParams();
  const wellFormed = /^\d+$/.test(id);
  const course = useCourse(id);
  usePageTitle(course.data?.title ?? 'Course');
  const navigate = useNavigate();
  const { toast } = useToast();
  const enroll = useEnroll();
  const currency = useShownCurrency();
  const shown = course.data;
  const certificateHref = useCertificateLinks(shown ? courseFinished(shown) : false);
  const captions = useCourseCaptions(shown?.id ?? 0, shown !== undefined).data;
  const price = shown ? shownPrice(shown, currency) : null;

  const enrollNow = () => {
    if (!shown || !price) return;
    enroll.mutate(
      { courseId: shown.id, currency: price.currency },
      {
        onSuccess: () => toast({ title: 'Enrolled successfully!', description: `You can now start ${shown.title}.`, variant: 'success' }),
        onError: (error) => {
          // A priced course is bought at checkout (CONTRACT: 402 Payment Required).
          if (hasErrorId(error, 'payment_required')) {
            navigate(`/checkout/${shown.id}`);
            return;
          }
          toast({ title: 'Enrollment failed', description: errorText(error, 'Failed to enroll in course'), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <CourseView
      course={readState(course)}
      wellFormed={wellFormed}
      captions={captions}
      price={price}
      certificateHref={shown ? certificateHref(shown.id) : '/certificates'}
      onEnroll={enrollNow}
      enrolling={enroll.isPending}
      renewal={shown ? <RenewalPanel courseId={shown.id} firstModuleId={sortModules(shown.modules)[0]?.id} /> : null}
      resources={shown ? <CourseResources courseId={shown.id} /> : null}
    />
  );
}
