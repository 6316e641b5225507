import type { Lang } from '@recup/infra/http/language';

/** The words of the monthly statement, shared by its PDF and its CSV. */
export const STATEMENT_TEXT = {
  fr: {
    title: 'Relevé mensuel des encaissements en ligne',
    month: 'Mois',
    centre: 'Centre',
    approval: 'N° d’agrément',
    issuer: 'Établi par',
    columns: ['Référence', 'Stagiaire', 'Stage', 'Date', 'Payé en ligne (€)', 'Remboursé (€)'],
    paidOnline: 'Paiements en ligne',
    refunded: 'Remboursements',
    net: 'Net encaissé en ligne',
    commission: (percent: string) => `Commission de la plateforme (${percent} %)`,
    due: 'Montant dû au centre',
    owed: 'Montant dû par le centre à la plateforme',
    none: 'Aucun paiement ni remboursement en ligne ce mois-ci.',
    monthRule: 'Chaque paiement et chaque remboursement compte dans le mois de sa date à Paris (heure de Paris), quel que soit le mois du paiement remboursé.',
    commissionRule: 'La commission est calculée sur le net du mois (paiements moins remboursements) et arrondie au centime le plus proche, un demi-centime étant arrondi à l’unité supérieure en valeur absolue ; sur un net négatif, elle est restituée.',
    atCentreRule: 'Les sommes reçues au centre (espèces, chèque, virement) n’apparaissent pas : elles n’ont pas transité par la plateforme.',
    open: 'Mois en cours : ce relevé peut encore changer.',
    paid: (amount: string, date: string) => `Payé au centre le ${date} : ${amount}`,
    unpaid: 'Non payé',
    page: (n: number, total: number) => `Page ${n} / ${total}`,
    csvTotals: { paidOnline: 'Total payé en ligne', refunded: 'Total remboursé', net: 'Net', commission: 'Commission', due: 'Dû au centre', status: 'État' },
  },
  en: {
    title: 'Monthly statement of online takings',
    month: 'Month',
    centre: 'Centre',
    approval: 'Approval no.',
    issuer: 'Issued by',
    columns: ['Reference', 'Learner', 'Course', 'Date', 'Paid online (€)', 'Refunded (€)'],
    paidOnline: 'Online payments',
    refunded: 'Refunds',
    net: 'Net taken online',
    commission: (percent: string) => `Platform commission (${percent} %)`,
    due: 'Amount due to the centre',
    owed: 'Amount the centre owes the platform',
    none: 'No online payment or refund this month.',
    monthRule: 'Each payment and each refund counts in the month of its date in Paris (Paris time), whatever the month of the payment refunded.',
    commissionRule: 'The commission is taken on the month’s net (payments minus refunds) and rounded to the nearest cent, half a cent away from zero; on a negative net it is given back.',
    atCentreRule: 'Money received at the centre (cash, cheque, transfer) is not shown: it never passed through the platform.',
    open: 'Current month: this statement may still change.',
    paid: (amount: string, date: string) => `Paid to the centre on ${date}: ${amount}`,
    unpaid: 'Not paid',
    page: (n: number, total: number) => `Page ${n} / ${total}`,
    csvTotals: { paidOnline: 'Total paid online', refunded: 'Total refunded', net: 'Net', commission: 'Commission', due: 'Due to the centre', status: 'Status' },
  },
} as const;

const locale = (lang: Lang) => (lang === 'fr' ? 'fr-FR' : 'en-GB');

/** "novembre 2026" / "November 2026". */
export function monthLabel(month: string, lang: Lang): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale(lang), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, m - 1, 15)));
}

/** Cents as a number of euros with two decimals (a decimal comma in French), no grouping: for the CSV. */
export function plainAmount(cents: number, lang: Lang): string {
  return new Intl.NumberFormat(locale(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(cents / 100);
}

/** Cents as euros for a reader: "1 234,50 €" / "€1,234.50". */
export function euros(cents: number, lang: Lang): string {
  return new Intl.NumberFormat(locale(lang), { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/\u202f|\u00a0/g, ' ');
}

/** dd/MM/yyyy of a `YYYY-MM-DD` day. */
export function dayLabel(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/** The Paris day of an instant, dd/MM/yyyy. */
export function parisDayLabel(iso: string): string {
  return new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));
}

export function percentLabel(percent: number, lang: Lang): string {
  return new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 2 }).format(percent);
}
