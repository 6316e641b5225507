import { PointsEligibilityNotice } from '../../../components/points/points-eligibility-notice';

/** At the checkout, said again before paying: this course would earn the learner no points (they may still pay). */
export function EligibilityNotice({ courseId }: { courseId: string }) {
  return <PointsEligibilityNotice courseId={courseId} sx={{ mb: 3 }} />;
}
