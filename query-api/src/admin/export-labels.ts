import type { Lang } from '@recup/infra/http/language';
import type { BookingStatus, CourseStatus, PaymentStatus } from '../contracts';

/** The words of the administrators' exports, in the caller's language (spec 001 §4 labels). */
export const EXPORT_LABELS = {
  fr: {
    courseStatus: { SCHEDULED: 'Programmé', IN_PROGRESS: 'En cours', COMPLETED: 'Terminé', CANCELLED: 'Annulé' } satisfies Record<CourseStatus, string>,
    bookingStatus: { PENDING: 'En attente', CONFIRMED: 'Confirmée', COMPLETED: 'Terminée', CANCELLED: 'Annulée' } satisfies Record<BookingStatus, string>,
    paymentStatus: { SUCCEEDED: 'Payé', PENDING: 'En attente', REFUNDED: 'Remboursé', FAILED: 'Échoué' } satisfies Record<PaymentStatus, string>,
    role: { USER: 'Utilisateur', ORGANIZATION: 'Organisation', ADMIN: 'Administrateur' },
    verified: 'Vérifié',
    notVerified: 'Non vérifié',
    pending: 'En attente de vérification',
    courses: ['ID', 'Titre', 'Organisation', 'Adresse', 'Ville', 'Code postal', 'Département', 'Début', 'Fin', 'Prix (EUR)', 'Places restantes', 'Places totales', 'Numéro ANTS', 'Statut', 'Créé le'],
    bookings: ['Référence', 'Statut', 'Prénom', 'Nom', 'E-mail', 'Téléphone', 'Stage', 'Ville', 'Code postal', 'Organisation', 'Début du stage', 'Montant (EUR)', 'Paiement', 'Facture', 'Créée le', 'ID'],
    payments: ['ID', 'Réservation', 'Montant (EUR)', 'Devise', 'Statut', 'Transaction', 'Date', 'Payé le', 'Remboursé le', 'Prénom', 'Nom', 'E-mail', 'Facture', 'Avoir', 'ID réservation'],
    organizations: ['ID', 'Nom', 'Adresse', 'Ville', 'Code postal', 'E-mail', 'Téléphone', 'Site web', 'Agrément préfectoral', 'Statut', 'Inscrit le', 'Compte gestionnaire'],
    users: ['ID', 'Prénom', 'Nom', 'E-mail', 'Téléphone', 'Rôle', 'Langue', 'Statut', 'Créé le'],
  },
  en: {
    courseStatus: { SCHEDULED: 'Scheduled', IN_PROGRESS: 'In progress', COMPLETED: 'Completed', CANCELLED: 'Cancelled' } satisfies Record<CourseStatus, string>,
    bookingStatus: { PENDING: 'Pending', CONFIRMED: 'Confirmed', COMPLETED: 'Completed', CANCELLED: 'Cancelled' } satisfies Record<BookingStatus, string>,
    paymentStatus: { SUCCEEDED: 'Paid', PENDING: 'Pending', REFUNDED: 'Refunded', FAILED: 'Failed' } satisfies Record<PaymentStatus, string>,
    role: { USER: 'User', ORGANIZATION: 'Organization', ADMIN: 'Administrator' },
    verified: 'Verified',
    notVerified: 'Not Verified',
    pending: 'Pending verification',
    courses: ['ID', 'Title', 'Organisation', 'Address', 'City', 'Postal code', 'Department', 'Start', 'End', 'Price (EUR)', 'Spots left', 'Total spots', 'ANTS number', 'Status', 'Created'],
    bookings: ['Reference', 'Status', 'First name', 'Last name', 'Email', 'Phone', 'Course', 'City', 'Postal code', 'Organisation', 'Course start', 'Amount (EUR)', 'Payment', 'Invoice', 'Created', 'ID'],
    payments: ['ID', 'Booking', 'Amount (EUR)', 'Currency', 'Status', 'Transaction', 'Date', 'Paid', 'Refunded', 'First name', 'Last name', 'Email', 'Invoice', 'Credit note', 'Booking ID'],
    organizations: ['ID', 'Name', 'Address', 'City', 'Postal code', 'Email', 'Phone', 'Website', 'Prefect approval', 'Status', 'Registered', 'Managing account'],
    users: ['ID', 'First name', 'Last name', 'Email', 'Phone', 'Role', 'Language', 'Status', 'Created'],
  },
} as const satisfies Record<Lang, unknown>;
