/** Texts shared by every screen of the training-centre area (namespace `organization`). */
export const organizationAreaFr = {
  status: { SCHEDULED: 'Programmé', IN_PROGRESS: 'En cours', COMPLETED: 'Terminé', CANCELLED: 'Annulé' },
  bookingStatus: { PENDING: 'En attente', CONFIRMED: 'Confirmée', COMPLETED: 'Terminée', CANCELLED: 'Annulée' },
  paymentStatus: { SUCCEEDED: 'Payé', PENDING: 'En attente', REFUNDED: 'Remboursé', FAILED: 'Échoué', CENTRE: 'Réglé au centre', DUE_CENTRE: 'À régler au centre', NONE: 'Aucun' },
  pagination: {
    navigation: 'Pagination',
    previous: 'Précédent',
    next: 'Suivant',
    goToPage: 'Aller à la page {{page}}',
    showing: 'Affichage de {{from}} à {{to}} sur {{total}}',
  },
  errors: {
    generic: 'Une erreur s’est produite',
    title: 'Erreur',
    loadTitle: 'Chargement impossible',
    load: 'Les données n’ont pas pu être chargées. Vérifiez votre connexion puis réessayez.',
  },
  notRegistered: {
    title: 'Enregistrez votre centre',
    body: 'Votre compte n’est encore rattaché à aucun centre de formation. Complétez le profil de votre centre : un administrateur le vérifiera, puis vous pourrez publier vos stages.',
    action: 'Compléter le profil du centre',
  },
  pending: {
    title: 'Centre en attente de vérification',
    body: 'Un administrateur doit vérifier votre centre (et sa référence d’agrément préfectoral) avant que vous puissiez publier des stages. Vous pouvez déjà compléter votre profil.',
  },
  withdrawn: {
    title: 'Vérification de votre centre retirée',
    body: 'Un administrateur a retiré la vérification de votre centre le {{date}}. Ses stages n’apparaissent plus dans la recherche ni sur le site et ne peuvent plus être réservés, et vous ne pouvez pas en publier de nouveaux. Les réservations déjà faites restent valables : vous pouvez toujours les consulter et les confirmer. Contactez-nous pour faire vérifier votre centre à nouveau.',
  },
  identityChange: {
    title: 'Modification en attente de validation',
    body: 'Demandée le {{date}}. Un administrateur doit approuver ces changements ; d’ici là, les informations actuelles restent en vigueur sur vos stages et vos factures.',
    change: '{{field}} : {{from}} → {{to}}',
    empty: 'aucune',
  },
  backToDashboard: 'Retour au tableau de bord',
  spots_one: '{{count}} restante / {{total}}',
  spots_other: '{{count}} restantes / {{total}}',
  spotsLabel_one: '{{count}} place restante sur {{total}}',
  spotsLabel_other: '{{count}} places restantes sur {{total}}',
} as const;
