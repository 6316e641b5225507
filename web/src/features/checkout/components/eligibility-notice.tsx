import { PointsEligibilityNotice } from '../../../components/points/points-eligibility-notice';

/**
 * At the checkout, said again before paying: this course would earn the learner no points (they may still pay).
 * `replacing`: paying a move's difference, the booking it moves counts no more.
 */
export function EligibilityNotice({ courseId, replacing }: { courseId: string; replacing?: string }) {
  return <PointsEligibilityNotice courseId={courseId} replacing={replacing} sx={{ mb: 3 }} />;
}
