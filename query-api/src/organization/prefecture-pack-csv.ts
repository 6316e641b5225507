import type { Lang } from '@recup/infra/http/language';
import { attendanceOutcome, COURSE_HALF_DAYS, type AttendanceSheetRow } from '@recup/shared-events/courses/attendance';
import type { LearnerCaseRecord } from '@recup/shared-events/bookings/learner-case';
import { learnerCaseLabel } from '../bookings/learner-case-text';
import { csvDocument } from '../csv/csv';

/** One participant of the course as the prefecture's summary lists them. */
interface PackSummaryRow {
  bookingReference: string;
  lastName: string;
  firstName: string;
  dateOfBirth: string | null;
  placeOfBirth: string | null;
  licenseNumber: string | null;
  learnerCase: LearnerCaseRecord | null;
  halfDays: AttendanceSheetRow;
}

const TEXT = {
  fr: {
    header: ['Référence', 'Nom', 'Prénom', 'Date de naissance', 'Lieu de naissance', 'N° de permis', 'Cas du stagiaire', 'Jour 1 matin', 'Jour 1 après-midi', 'Jour 2 matin', 'Jour 2 après-midi', 'Résultat', 'Attestation'],
    presence: { PRESENT: 'Présent(e)', ABSENT: 'Absent(e)', LATE_REFUSED: 'Retard refusé' },
    notRecorded: 'Non renseigné',
    outcome: { COMPLETED: 'Stage suivi', NOT_COMPLETED: 'Stage non suivi', PENDING: 'Présence à compléter' },
    attestation: { yes: 'Jointe', no: 'Sans objet' },
  },
  en: {
    header: ['Reference', 'Last name', 'First name', 'Date of birth', 'Place of birth', 'Licence number', 'Trainee’s case', 'Day 1 morning', 'Day 1 afternoon', 'Day 2 morning', 'Day 2 afternoon', 'Outcome', 'Attestation'],
    presence: { PRESENT: 'Present', ABSENT: 'Absent', LATE_REFUSED: 'Late, refused' },
    notRecorded: 'Not recorded',
    outcome: { COMPLETED: 'Completed', NOT_COMPLETED: 'Not completed', PENDING: 'Attendance to complete' },
    attestation: { yes: 'Enclosed', no: 'None' },
  },
} as const;

function day(iso: string | null): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/**
 * The summary of the prefecture's pack (issue 20 §3): the course's participants by last name, their case of the law,
 * their presence at each half-day and the outcome, in the caller's language. The platform's CSV dialect for a French
 * spreadsheet: semicolons, UTF-8 with BOM, CRLF, every field quoted, as `participants.csv`.
 */
export function prefecturePackCsv(rows: readonly PackSummaryRow[], lang: Lang): string {
  const t = TEXT[lang];
  const sorted = [...rows].sort((a, b) => a.lastName.localeCompare(b.lastName, 'fr') || a.firstName.localeCompare(b.firstName, 'fr'));
  return csvDocument(t.header, sorted.map((row) => {
    const outcome = attendanceOutcome(row.halfDays);
    return [
      row.bookingReference, row.lastName, row.firstName, day(row.dateOfBirth), row.placeOfBirth ?? '', row.licenseNumber ?? '', learnerCaseLabel(row.learnerCase, lang),
      ...COURSE_HALF_DAYS.map((halfDay) => { const presence = row.halfDays[halfDay]; return presence ? t.presence[presence] : t.notRecorded; }),
      t.outcome[outcome], outcome === 'COMPLETED' ? t.attestation.yes : t.attestation.no,
    ];
  }), ';');
}
