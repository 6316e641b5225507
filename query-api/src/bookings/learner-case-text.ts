import type { Lang } from '@recup/infra/http/language';
import { learnerCaseNumber, type LearnerCase, type LearnerCaseRecord } from '@recup/shared-events/bookings/learner-case';

/** The four cases as the centre's documents name them, numbered as centres and prefectures number them. */
const NAMES: Record<Lang, Record<LearnerCase, string>> = {
  fr: {
    VOLUNTARY: 'stage volontaire',
    PROBATION_48N: 'permis probatoire, lettre 48N',
    COURT_ORDER: 'alternative aux poursuites ou peine complémentaire',
    PENAL_SETTLEMENT: 'composition pénale',
  },
  en: {
    VOLUNTARY: 'voluntary course',
    PROBATION_48N: 'probationary licence, 48N letter',
    COURT_ORDER: 'alternative to prosecution or additional penalty',
    PENAL_SETTLEMENT: 'penal settlement',
  },
};

const NOT_DECLARED: Record<Lang, string> = { fr: 'Non indiqué', en: 'Not given' };

/** "Cas 2" / "Case 2": the short label a narrow column holds; "—" while the learner has not said it. */
export function learnerCaseShortLabel(learnerCase: LearnerCaseRecord | null, lang: Lang): string {
  if (!learnerCase) return '—';
  return `${lang === 'fr' ? 'Cas' : 'Case'} ${learnerCaseNumber(learnerCase.case)}`;
}

/** dd/MM/yyyy, as the centre's lists write days. */
function day(iso: string): string {
  const [year, month, date] = iso.slice(0, 10).split('-');
  return `${date}/${month}/${year}`;
}

/**
 * "Cas 2 – permis probatoire, lettre 48N reçue le 02/10/2026": the case in full, with the letter's day for the 48N
 * case, as a list or a document names it.
 */
export function learnerCaseLabel(learnerCase: LearnerCaseRecord | null, lang: Lang): string {
  if (!learnerCase) return NOT_DECLARED[lang];
  const name = `${learnerCaseShortLabel(learnerCase, lang)} – ${NAMES[lang][learnerCase.case]}`;
  if (!learnerCase.letterReceivedOn) return name;
  return lang === 'fr' ? `${name} reçue le ${day(learnerCase.letterReceivedOn)}` : `${name} received on ${day(learnerCase.letterReceivedOn)}`;
}
