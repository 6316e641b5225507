import { csvDocument } from '@recup/infra/csv/csv';
import type { Lang } from '@recup/infra/http/language';
import type { AnnualReport } from '../contracts/reports';
import { courseDays, REPORT_TEXT } from './annual-report-text';

/**
 * The annual report as a spreadsheet: UTF-8 with BOM, `;`, CRLF, every field quoted (the platform's CSV dialect, as
 * `participants.csv`). One table a spreadsheet sorts and sums: the figures first (section, item, value), then one line
 * per course with its dates, place, number, trainees, completions and status.
 */
export function annualReportCsv(report: AnnualReport, lang: Lang): string {
  const t = REPORT_TEXT[lang];
  const header = [t.csv.section, t.csv.item, t.csv.value, t.columns.date, t.columns.place, t.columns.ants, t.columns.trainees, t.columns.completed, t.columns.notCompleted, t.columns.status, t.columns.facilitators];
  const figure = (section: string, item: string, value: string | number) => [section, item, value, '', '', '', '', '', '', '', ''];
  const rows = [
    figure(t.csv.summary, t.centre, report.centre.name),
    figure(t.csv.summary, t.approval, report.centre.prefectApprovalReference ?? t.none),
    figure(t.csv.summary, t.year, report.year),
    figure(t.coursesHeading, t.declared, report.courses.declared),
    figure(t.coursesHeading, t.held, report.courses.held),
    figure(t.coursesHeading, t.cancelled, report.courses.cancelled),
    ...(report.courses.scheduled > 0 ? [figure(t.coursesHeading, t.scheduled, report.courses.scheduled)] : []),
    ...report.courses.cancellationReasons.map(({ reason, count }) => figure(t.coursesHeading, `${t.reason}${t.colon}${t.reasons[reason]}`, count)),
    figure(t.traineesHeading, t.total, report.trainees.total),
    ...report.trainees.byCase.map(({ case: learnerCase, count }) => figure(t.traineesHeading, t.cases[learnerCase], count)),
    figure(t.traineesHeading, t.completed, report.trainees.completed),
    figure(t.traineesHeading, t.notCompleted, report.trainees.notCompleted),
    figure(t.traineesHeading, t.notRecorded, report.trainees.notRecorded),
    ...report.facilitators.map(({ role, name, courses }) => figure(t.facilitatorsHeading, `${t.roles[role]}${t.colon}${name}`, courses)),
    ...report.courseList.map((course) => [
      t.csv.course, course.antsNumber ?? '', '', courseDays(course.startDate, course.endDate, lang), `${course.address}, ${course.postalCode} ${course.city}`, course.antsNumber ?? '',
      course.trainees, course.completed, course.notCompleted,
      course.status === 'CANCELLED' && course.cancellationReason ? `${t.statuses.CANCELLED} (${t.reasons[course.cancellationReason]})` : t.statuses[course.status],
      course.facilitators.map(({ name }) => name).join(', '),
    ]),
  ];
  return csvDocument(header, rows, ';');
}
