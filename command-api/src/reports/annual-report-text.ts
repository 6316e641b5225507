import type { Lang } from '@recup/infra/http/language';
import type { FacilitatorRole } from '@recup/shared-events';
import type { ReportCancellationReason, ReportCase, ReportCourseStatus } from '../contracts/reports';

/** The words of the annual report's PDF and CSV, in French and English (the web has its own, in its locales). */
export const REPORT_TEXT = {
  fr: {
    title: (year: number) => `Bilan annuel d’activité ${year}`,
    subtitle: 'Stages de sensibilisation à la sécurité routière (articles L. 223-6 et R. 223-5 à R. 223-9 du Code de la route) : bilan transmis au préfet avant le 31 janvier',
    fileName: (year: number) => `bilan-annuel-${year}`,
    colon: ' : ',
    centre: 'Centre', approval: 'N° d’agrément préfectoral', none: 'non renseigné', year: 'Année',
    generatedAt: 'Établi le',
    partial: 'Année en cours : bilan provisoire, les stages à venir ne sont pas comptés comme tenus.',
    coursesHeading: 'Stages', traineesHeading: 'Stagiaires des stages tenus', facilitatorsHeading: 'Animateurs des stages tenus', listHeading: 'Liste des stages',
    declared: 'Stages déclarés', held: 'Stages tenus', cancelled: 'Stages annulés', scheduled: 'Stages à venir',
    reason: 'Motif d’annulation', count: 'Nombre',
    reasons: { deletedByCentre: 'Annulé par le centre', deletedByAdmin: 'Annulé par l’administrateur de la plateforme', organizationDeleted: 'Centre fermé', other: 'Autre motif' } satisfies Record<ReportCancellationReason, string>,
    total: 'Stagiaires',
    cases: {
      VOLUNTARY: 'Cas 1 : stage volontaire', PROBATION_48N: 'Cas 2 : permis probatoire (lettre 48N)', COURT_ORDER: 'Cas 3 : alternative aux poursuites ou peine complémentaire',
      PENAL_SETTLEMENT: 'Cas 4 : composition pénale', NOT_DECLARED: 'Cas non déclaré',
    } satisfies Record<ReportCase, string>,
    completed: 'Stage suivi (présent aux 4 demi-journées)', notCompleted: 'Stage non suivi (absence ou retard refusé)', notRecorded: 'Présence non saisie',
    role: 'Qualité', name: 'Nom', courses: 'Stages animés',
    roles: { ROAD_SAFETY_EXPERT: 'Expert en sécurité routière (BAFM)', PSYCHOLOGIST: 'Psychologue' } satisfies Record<FacilitatorRole, string>,
    withoutFacilitators: (n: number) => `${n} stage${n > 1 ? 's' : ''} tenu${n > 1 ? 's' : ''} sans animateurs saisis.`,
    noFacilitators: 'Aucun animateur saisi.',
    noCourse: 'Aucun stage cette année.',
    columns: { date: 'Dates', place: 'Lieu', ants: 'N° de stage', trainees: 'Stagiaires', completed: 'Suivis', notCompleted: 'Non suivis', status: 'Statut', facilitators: 'Animateurs' },
    statuses: { HELD: 'Tenu', CANCELLED: 'Annulé', SCHEDULED: 'À venir' } satisfies Record<ReportCourseStatus, string>,
    page: (n: number, total: number) => `Page ${n} / ${total}`,
    csv: { section: 'Rubrique', item: 'Libellé', value: 'Valeur', summary: 'Synthèse', course: 'Stage' },
  },
  en: {
    title: (year: number) => `Annual activity report ${year}`,
    subtitle: 'Road safety awareness courses (French Highway Code, articles L. 223-6 and R. 223-5 to R. 223-9): report sent to the prefect before 31 January',
    fileName: (year: number) => `annual-report-${year}`,
    colon: ': ',
    centre: 'Centre', approval: 'Prefectoral approval no.', none: 'not given', year: 'Year',
    generatedAt: 'Drawn up on',
    partial: 'Current year: provisional report, courses still to come are not counted as held.',
    coursesHeading: 'Courses', traineesHeading: 'Trainees of the courses held', facilitatorsHeading: 'Facilitators of the courses held', listHeading: 'List of courses',
    declared: 'Courses declared', held: 'Courses held', cancelled: 'Courses cancelled', scheduled: 'Courses to come',
    reason: 'Reason for cancellation', count: 'Number',
    reasons: { deletedByCentre: 'Cancelled by the centre', deletedByAdmin: 'Cancelled by the platform’s administrator', organizationDeleted: 'Centre closed', other: 'Other reason' } satisfies Record<ReportCancellationReason, string>,
    total: 'Trainees',
    cases: {
      VOLUNTARY: 'Case 1: voluntary', PROBATION_48N: 'Case 2: probationary licence (48N letter)', COURT_ORDER: 'Case 3: alternative to prosecution or additional penalty',
      PENAL_SETTLEMENT: 'Case 4: penal settlement', NOT_DECLARED: 'Case not declared',
    } satisfies Record<ReportCase, string>,
    completed: 'Course completed (present at all 4 half-days)', notCompleted: 'Course not completed (absent or late and refused)', notRecorded: 'Attendance not recorded',
    role: 'Role', name: 'Name', courses: 'Courses facilitated',
    roles: { ROAD_SAFETY_EXPERT: 'Road safety expert (BAFM)', PSYCHOLOGIST: 'Psychologist' } satisfies Record<FacilitatorRole, string>,
    withoutFacilitators: (n: number) => `${n} course${n > 1 ? 's' : ''} held with no facilitators entered.`,
    noFacilitators: 'No facilitator entered.',
    noCourse: 'No course this year.',
    columns: { date: 'Dates', place: 'Venue', ants: 'Course no.', trainees: 'Trainees', completed: 'Completed', notCompleted: 'Not completed', status: 'Status', facilitators: 'Facilitators' },
    statuses: { HELD: 'Held', CANCELLED: 'Cancelled', SCHEDULED: 'To come' } satisfies Record<ReportCourseStatus, string>,
    page: (n: number, total: number) => `Page ${n} / ${total}`,
    csv: { section: 'Section', item: 'Item', value: 'Value', summary: 'Summary', course: 'Course' },
  },
} as const;

const locale = (lang: Lang) => (lang === 'fr' ? 'fr-FR' : 'en-GB');

/** "06/03/2026 – 07/03/2026": a course's two days, in Paris. */
export function courseDays(startDate: string, endDate: string, lang: Lang): string {
  const day = (iso: string) => new Intl.DateTimeFormat(locale(lang), { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date(iso));
  return `${day(startDate)} – ${day(endDate)}`;
}

export function reportDateTime(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(locale(lang), { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Paris' }).format(new Date(iso));
}
