import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem } from '@recup/infra/http/problem';
import { rememberingQueryValidator } from '@recup/infra/http/zod-validation';
import { currentUser, requireUser } from '@recup/infra/http/sessions';
import { BOOKINGS_COLLECTION, type BookingDocument } from '@recup/projector/bookings/booking-document';
import { COURSES_COLLECTION, PUBLISHED_COURSES, type CourseDocument } from '@recup/projector/courses/course-document';
import { ORGANIZATIONS_COLLECTION, type OrganizationDocument } from '@recup/projector/organizations/organization-document';
import { coursesTaken, learnerBookings, pointsEligibilityDto } from '../bookings/points-eligibility-view';
import { CourseDto, CourseEligibilityDto, CourseSearchPage, CourseSearchQuery } from '../contracts';
import type { QueryApiDeps } from '../deps';
import { sendEtag, streamRevision } from '../stream-revision';
import { streams } from '@recup/shared-events';
import { courseOrganizations, isSelling, organizationOf } from '../organization-names';
import { toCourseDto } from './course-view';
import { SearchAnswers } from './search-answers';

export async function courseRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Answers are kept per projection position (search-answers.ts) and sent as the JSON they were kept as:
  // Fastify sends a string with a JSON content type as it is (the schema still documents and types it).
  // The same query string is validated once (the handler only reads its query).
  const answers = new SearchAnswers(deps);
  api.get('/api/courses/search', {
    schema: { querystring: CourseSearchQuery.loose(), response: { 200: z.union([z.array(CourseDto), CourseSearchPage]) } },
    validatorCompiler: rememberingQueryValidator(),
  }, async (request, reply) => {
    const json = await answers.search(request.query);
    return reply.type('application/json; charset=utf-8').send(json as unknown as CourseDto[]);
  });

  const notFound = () => new HttpProblem(404, 'COURSE_NOT_FOUND', { fr: 'Stage introuvable.', en: 'Course not found.' });

  /**
   * Whether this caller may see a course whose centre is not (or no longer) verified: its centre and the
   * administrators, and a learner who booked it (their booking stays, and so does its page). Nobody else.
   */
  async function mayStillSee(request: FastifyRequest, course: CourseDocument): Promise<boolean> {
    const user = currentUser(request);
    if (!user) return false;
    if (user.role === 'ADMIN') return true;
    if (user.role === 'ORGANIZATION') {
      const centre = await deps.readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).findOne({ _id: course.organizationId, ownerUserId: user.userId });
      return centre !== null;
    }
    return (await deps.readStore.collection<BookingDocument>(BOOKINGS_COLLECTION).findOne({ courseId: course._id, userId: user.userId })) !== null;
  }

  /** A published course, public while its centre is verified; otherwise 404 to all but those who may still see it. */
  const findCourse = async (request: FastifyRequest, id: string) => {
    const course = await deps.readStore.collection<CourseDocument>(COURSES_COLLECTION).findOne({ _id: id, ...PUBLISHED_COURSES });
    if (!course) throw notFound();
    if (!(await isSelling(deps.readStore, course.organizationId)) && !(await mayStillSee(request, course))) throw notFound();
    return course;
  };

  /** With the course's stream revision as its ETag, which the centre's edit of it sends back as If-Match. */
  api.get('/api/courses/:id', { schema: { params: z.object({ id: z.string().min(1).max(64) }), response: { 200: CourseDto } } }, async (request, reply) => {
    const course = await findCourse(request, request.params.id);
    sendEtag(reply, streamRevision(course, streams.course(course._id)));
    const organizations = await courseOrganizations(deps.readStore, [course.organizationId]);
    return toCourseDto(course, organizationOf(organizations, course.organizationId), deps.clock.now(), null, deps.refundCutoffHours, deps.waitlistOfferHours);
  });

  /**
   * Whether this course would give points back to the signed-in learner, against the courses they took or
   * booked with us: said before they book and pay, never a refusal (a court may order a course).
   */
  api.get('/api/courses/:id/eligibility', {
    schema: {
      params: z.object({ id: z.string().min(1).max(64) }),
      // `replacing`: one of the learner's bookings that this course would replace (a move to another date), left out.
      querystring: z.object({ replacing: z.uuid().optional() }).strict(),
      response: { 200: CourseEligibilityDto },
    },
  }, async (request) => {
    const { userId } = requireUser(request, ['USER']);
    const course = await findCourse(request, request.params.id);
    const { bookings, coursesById } = await learnerBookings(deps.readStore, userId);
    const taken = coursesTaken(bookings.filter((booking) => booking._id !== request.query.replacing), coursesById, deps.clock.now());
    return { courseId: course._id, ...pointsEligibilityDto(course, taken, coursesById) };
  });
}
