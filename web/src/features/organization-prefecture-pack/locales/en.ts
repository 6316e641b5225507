import type { Translations } from '../../../lib/translations';
import type { organizationPackFr } from './fr';

export const organizationPackEn: Translations<typeof organizationPackFr> = {
  title: 'Packs to send to the prefecture',
  intro: 'Within 15 days of each course: the signed attendance sheet, the attestations and a copy of each trainee’s ID (ANTS online procedure).',
  loading: 'Loading the packs to send…',
  empty: 'No pack waiting: every ended course has its pack sent.',
  loadError: 'The packs to send could not be loaded.',
  course: '{{title}} — {{dates}}',
  ants: 'Course no. {{number}}',
  participants_one: '{{count}} trainee, {{completed}} with an attestation',
  participants_other: '{{count}} trainees, {{completed}} with an attestation',
  daysLeft_zero: 'Last day: send it today ({{date}})',
  daysLeft_one: '{{count}} day left (until {{date}})',
  daysLeft_other: '{{count}} days left (until {{date}})',
  late_one: '{{count}} day late (deadline: {{date}})',
  late_other: '{{count}} days late (deadline: {{date}})',
  lateChip: 'late',
  download: 'Download the pack',
  downloadLabel: 'Download the pack of the course {{course}}',
  markSent: 'Mark sent',
  markSentLabel: 'Mark sent the pack of the course {{course}}',
  sending: 'Saving…',
  confirm: {
    title: 'Pack sent to the prefecture?',
    body: 'Confirm that the pack of the course {{course}} was sent to the prefecture. The e-mail reminders stop.',
    cancel: 'Cancel',
    confirm: 'Yes, it is sent',
  },
  sent: 'Pack marked sent.',
  error: 'Could not do that',
};
