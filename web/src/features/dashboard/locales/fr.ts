export const dashboardFr = {
  title: 'Mon tableau de bord',
  welcome: 'Bonjour {{firstName}}',
  subtitle: 'Retrouvez ici toutes vos réservations de stages.',
  profile: 'Mon profil',
  findCourse: 'Trouver un stage',
  tabs: {
    label: 'Mes réservations',
    upcoming: 'Stages à venir',
    history: 'Historique des réservations',
  },
  card: {
    reference: 'Référence : {{reference}}',
    price: 'Prix',
    payment: 'Paiement : {{status}}',
    viewCourse: 'Voir le stage',
    payNow: 'Payer maintenant',
  },
  status: {
    PENDING: 'En attente',
    CONFIRMED: 'Confirmée',
    CANCELLED: 'Annulée',
    COMPLETED: 'Terminée',
  },
  paymentStatus: {
    PENDING: 'En attente',
    SUCCEEDED: 'Payé',
    FAILED: 'Échoué',
    REFUNDED: 'Remboursé',
    NONE: 'Non payé',
  },
  empty: {
    upcoming: "Vous n'avez aucun stage à venir.",
    history: 'Votre historique de réservations est vide.',
  },
  error: 'Impossible de charger vos réservations.',
  loading: 'Chargement de vos réservations…',
};
