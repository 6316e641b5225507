export const contentFr = {
  lastUpdated: 'Dernière mise à jour :',
  legalContents: 'Sommaire',
  legalVatNumber: 'Numéro de TVA intracommunautaire : {{vatNumber}}',
  legalSellerLoading: 'Chargement des informations sur l’éditeur…',
  legalSellerError: 'Les informations sur l’éditeur du site n’ont pas pu être chargées.',
  legalDemonstration:
    'Version de démonstration : l’éditeur, l’hébergeur et les numéros d’immatriculation affichés sont des exemples, à remplacer avant la mise en ligne.',
  howItWorks: {
    intro:
      'Un stage de récupération de points permet de reconstituer jusqu’à 4 points sur votre permis de conduire en deux jours. Voici comment trouver, réserver et suivre votre stage avec Récup’Points, étape par étape.',
    stepsTitle: 'Six étapes pour récupérer vos points',
    stepLabel: 'Étape {{number}}',
    steps: {
      check: {
        title: 'Vérifiez votre solde de points',
        body: 'Consultez votre solde sur le site officiel de l’ANTS (service «\u00a0Mes points permis\u00a0»). Pour suivre un stage, votre permis doit être valide et avoir encore au moins 1 point ; pour qu’il vous rende des points, votre dernier stage doit dater de plus de 12 mois.',
      },
      search: {
        title: 'Trouvez un stage près de chez vous',
        body: 'Recherchez par ville ou code postal, puis affinez par dates, week-end, prix, distance ou département. Tous les stages proposés sont organisés par des centres agréés par la préfecture en Provence-Alpes-Côte d’Azur.',
      },
      book: {
        title: 'Réservez votre place en ligne',
        body: 'Créez votre compte, acceptez les conditions générales et réservez. Votre place est bloquée pendant 30 minutes, le temps de régler votre stage ; sans paiement, elle est ensuite libérée pour un autre conducteur.',
      },
      pay: {
        title: 'Payez en toute sécurité',
        body: 'Réglez par carte bancaire sur une page de paiement sécurisée. Votre réservation est confirmée dès le paiement accepté (ou lorsque le centre de formation l’approuve) et vous recevez un e-mail de confirmation. Votre facture est disponible dans votre tableau de bord.',
      },
      attend: {
        title: 'Suivez les deux jours de stage',
        body: 'Le stage dure 2 jours consécutifs, soit 14 heures de formation, généralement de 8h à 12h et de 13h à 17h, pauses comprises. Venez avec votre permis de conduire et une pièce d’identité : la présence pendant toute la durée du stage est obligatoire, il n’y a pas d’examen.',
      },
      recover: {
        title: 'Récupérez vos points',
        body: 'À la fin du stage, le centre vous remet une attestation et la transmet à la préfecture. Jusqu’à 4 points sont recrédités sur votre permis, en général sous 1 à 2 semaines. Sans nouvelles au bout de 3 semaines, contactez-nous.',
      },
    },
    questionsTitle: 'Vos questions sur le stage',
    questions: {
      points: {
        question: 'Combien de points vais-je récupérer ?',
        answer:
          'Un stage permet de récupérer jusqu’à 4 points, sans dépasser le plafond de votre permis : 12 points, ou le plafond atteint à ce jour si vous êtes en période probatoire (le permis probatoire commence avec 6 points).',
      },
      duration: {
        question: 'Combien de temps dure un stage ?',
        answer:
          'Deux jours consécutifs, soit 14 heures de formation. Les horaires exacts de chaque stage sont indiqués sur sa fiche avant la réservation.',
      },
      frequency: {
        question: 'Puis-je faire plusieurs stages ?',
        answer:
          'Oui, mais pas plus d’un stage par période de 12 mois : un an au moins doit séparer deux stages de récupération de points.',
      },
      cancellation: {
        question: 'Puis-je annuler ma réservation ?',
        answer:
          'Oui, une réservation confirmée peut être annulée depuis votre tableau de bord jusqu’au début du stage. Si vous annulez au moins 72 heures avant le début, vous êtes remboursé(e) automatiquement ; au-delà, l’annulation n’est pas remboursée.',
      },
      credit: {
        question: 'Quand mes points seront-ils recrédités ?',
        answer:
          'Les points sont recrédités par l’administration le lendemain du stage, et apparaissent en général sur votre solde sous 1 à 2 semaines. Si rien n’a changé après 3 semaines, contactez-nous.',
      },
    },
    moreQuestions: 'Voir toutes les questions fréquentes',
    cta: {
      title: 'Prêt à récupérer vos points ?',
      body: 'Comparez les stages disponibles près de chez vous et réservez votre place en quelques minutes.',
      button: 'Trouver un stage',
    },
  },
  faq: {
    intro:
      'Les réponses aux questions les plus courantes sur les stages de récupération de points, la réservation, l’annulation et le crédit de vos points.',
    categories: {
      course: {
        title: 'Le stage',
        questions: {
          what: {
            question: 'Qu’est-ce qu’un stage de récupération de points ?',
            answer:
              'C’est une formation de sensibilisation à la sécurité routière, agréée par la préfecture et animée par deux professionnels : un psychologue et un spécialiste de la sécurité routière. Elle permet de récupérer des points sur votre permis de conduire.',
          },
          points: {
            question: 'Combien de points puis-je récupérer ?',
            answer:
              'Jusqu’à 4 points par stage, sans dépasser le plafond de votre permis : 12 points, ou le plafond atteint à ce jour en période probatoire (le permis probatoire commence avec 6 points).',
          },
          duration: {
            question: 'Combien de temps dure un stage et comment se déroule-t-il ?',
            answer:
              'Le stage dure 2 jours consécutifs, soit 14 heures de formation, généralement de 8h à 12h et de 13h à 17h, pauses comprises. Il se déroule en petit groupe, sous forme d’échanges : il n’y a ni examen ni conduite. La présence pendant toute la durée du stage est obligatoire.',
          },
          frequency: {
            question: 'Tous les combien puis-je faire un stage ?',
            answer:
              'Un seul stage par période de 12 mois : au moins un an doit séparer deux stages. Un stage suivi moins de 12 mois après le précédent ne rapporte aucun point.',
          },
        },
      },
      booking: {
        title: 'Réservation et paiement',
        questions: {
          how: {
            question: 'Comment réserver un stage ?',
            answer:
              'Recherchez un stage par ville ou code postal, ouvrez sa fiche, acceptez les conditions générales et cliquez sur «\u00a0Réserver\u00a0». Vous devez être connecté(e) à votre compte ; l’inscription est gratuite.',
          },
          hold: {
            question: 'Combien de temps ma place est-elle réservée avant le paiement ?',
            answer:
              'Une réservation non payée reste en attente et vous garde votre place pendant 30 minutes. Passé ce délai, elle expire et la place est libérée pour un autre conducteur. Vous pouvez payer une réservation en attente depuis votre tableau de bord.',
          },
          payment: {
            question: 'Comment payer et quand ma réservation est-elle confirmée ?',
            answer:
              'Le paiement se fait en ligne par carte bancaire, sur une page sécurisée. Votre réservation est confirmée dès que le paiement est accepté, ou lorsque le centre de formation approuve votre réservation en attente. Un e-mail de confirmation vous est alors envoyé. Le paiement en ligne fonctionne actuellement en mode test : aucun montant réel n’est débité.',
          },
          invoice: {
            question: 'Vais-je recevoir une facture ?',
            answer:
              'Oui. Dès que votre paiement est accepté, votre facture est téléchargeable depuis votre tableau de bord, dans le détail de la réservation.',
          },
        },
      },
      cancellation: {
        title: 'Annulation et remboursement',
        questions: {
          cancel: {
            question: 'Puis-je annuler ma réservation ?',
            answer:
              'Oui. Une réservation confirmée peut être annulée depuis votre tableau de bord, à tout moment jusqu’au début du stage. Une annulation est définitive.',
          },
          refund: {
            question: 'Serai-je remboursé(e) si j’annule ?',
            answer:
              'Si vous annulez au moins 72 heures avant le début du stage, vous êtes remboursé(e) automatiquement et intégralement sur la carte utilisée pour le paiement. Si vous annulez moins de 72 heures avant le début, l’annulation n’est pas remboursée. La fenêtre d’annulation vous indique toujours, avant de confirmer, si vous serez remboursé(e).',
          },
          change: {
            question: 'Puis-je changer la date de mon stage ?',
            answer:
              'Annulez votre réservation actuelle puis réservez le stage de votre choix. Les règles de remboursement ci-dessus s’appliquent à l’annulation : pensez à le faire au moins 72 heures avant le début du stage.',
          },
          centre: {
            question: 'Que se passe-t-il si le centre annule le stage ?',
            answer:
              'Vous êtes prévenu(e) par e-mail et le montant payé vous est intégralement remboursé. Vous pouvez ensuite réserver un autre stage.',
          },
        },
      },
      licence: {
        title: 'Points et permis',
        questions: {
          eligibility: {
            question: 'Qui peut suivre un stage ?',
            answer:
              'Tout conducteur dont le permis est encore valide, c’est-à-dire qui a encore au moins 1 point. Un stage suivi moins de 12 mois après le précédent ne rapporte toutefois aucun point : le site vous en avertit avant la réservation. Un permis invalidé (0 point) ne peut plus être sauvé par un stage.',
          },
          balance: {
            question: 'Comment connaître mon solde de points ?',
            answer:
              'Connectez-vous au site officiel de l’ANTS (service «\u00a0Mes points permis\u00a0»), par exemple avec FranceConnect. Le solde affiché est celui de votre dossier à la préfecture.',
          },
          probation: {
            question: 'Je suis en permis probatoire : puis-je faire un stage ?',
            answer:
              'Oui. Si vous avez reçu une lettre vous imposant un stage (lettre 48N), vous devez le suivre dans les 4 mois. Le stage vous rend des points dans la limite du plafond atteint par votre permis probatoire.',
          },
          credit: {
            question: 'Quand mes points seront-ils crédités ?',
            answer:
              'Le centre transmet votre attestation de stage à la préfecture. Les points apparaissent en général sur votre solde sous 1 à 2 semaines. Si rien n’a changé après 3 semaines, contactez-nous.',
          },
        },
      },
    },
    help: {
      title: 'Vous n’avez pas trouvé votre réponse ?',
      body: 'Notre équipe vous répond du lundi au samedi. Écrivez-nous, ou parcourez les stages disponibles près de chez vous.',
      contact: 'Nous contacter',
      courses: 'Voir les stages',
    },
  },
  contact: {
    intro:
      'Une question sur un stage, une réservation ou le crédit de vos points ? Écrivez-nous : nous vous répondons sous 48 heures ouvrées.',
    form: {
      title: 'Envoyez-nous un message',
      name: 'Votre nom',
      email: 'Adresse e-mail',
      subject: 'Sujet',
      message: 'Message',
      messageHint: 'Au moins 10 caractères',
      submit: 'Envoyer le message',
    },
    validation: {
      name: 'Le nom est requis',
      email: 'Veuillez saisir une adresse e-mail valide',
      subject: 'Le sujet est requis',
      message: 'Le message doit contenir au moins 10 caractères',
    },
    toast: {
      successTitle: 'Message envoyé',
      success: 'Merci pour votre message. Nous vous répondrons dans les meilleurs délais.',
    },
    info: {
      title: 'Nos coordonnées',
      address: 'Adresse',
      phone: 'Téléphone',
      email: 'E-mail',
      hoursTitle: 'Horaires d’ouverture',
      weekdays: 'Du lundi au vendredi',
      weekdaysHours: '9h00 – 18h00',
      saturday: 'Samedi',
      saturdayHours: '10h00 – 16h00',
      sunday: 'Dimanche',
      closed: 'Fermé',
    },
  },
  legalNotice: {
    intro:
      'Conformément à la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l’économie numérique, voici les informations relatives à l’éditeur et à l’hébergeur du site Récup’Points.',
    sections: {
      publisher: {
        title: 'Éditeur du site',
        paragraphs: ['Le site Récup’Points est édité par :'],
        items: [
          '{{name}}, {{legalForm}} au capital de {{capital}}',
          'Siège social : {{address}}',
          'SIREN {{siren}} – SIRET {{siret}} – {{rcs}}',
          '{{vat}}',
        ],
      },
      contact: {
        title: 'Nous contacter',
        paragraphs: [
          'Téléphone : {{phone}} (du lundi au vendredi de 9h à 18h, le samedi de 10h à 16h). E-mail : {{email}}. Vous pouvez aussi utiliser notre formulaire de contact.',
        ],
        link: 'Accéder au formulaire de contact',
      },
      director: {
        title: 'Directeur de la publication',
        paragraphs: ['Le directeur de la publication est {{director}}, représentant légal de {{name}}.'],
      },
      hosting: {
        title: 'Hébergement',
        paragraphs: ['Le site est hébergé par {{hostingProvider}}, {{hostingAddress}} (téléphone : {{hostingPhone}}).'],
      },
      activity: {
        title: 'Activité',
        paragraphs: [
          'Récup’Points est une plateforme de réservation en ligne de stages de récupération de points. Les stages sont organisés et animés par des centres de formation agréés par la préfecture, seuls responsables du contenu pédagogique et du déroulement des stages.',
          '{{name}} vend chaque stage en son nom, pour le compte du centre agréé qui l’anime (intermédiaire au sens de l’article 256 V du Code général des impôts) : elle encaisse le paiement et émet la facture de chaque réservation payée en ligne, numérotée dans sa propre série.',
        ],
      },
      property: {
        title: 'Propriété intellectuelle',
        paragraphs: [
          'L’ensemble des contenus du site (textes, logos, graphismes, logiciels) est la propriété de {{name}} ou de ses partenaires. Toute reproduction ou représentation, totale ou partielle, sans autorisation écrite préalable est interdite.',
        ],
      },
      liability: {
        title: 'Responsabilité',
        paragraphs: [
          'Récup’Points s’efforce de fournir des informations exactes et à jour, notamment sur les dates, les lieux et les prix des stages communiqués par les centres. Ces informations peuvent toutefois évoluer ; seules celles figurant sur votre confirmation de réservation font foi.',
        ],
      },
      data: {
        title: 'Données personnelles',
        paragraphs: [
          'Le traitement de vos données personnelles et vos droits sont décrits dans notre politique de confidentialité.',
        ],
        link: 'Lire la politique de confidentialité',
      },
      law: {
        title: 'Droit applicable',
        paragraphs: [
          'Les présentes mentions légales sont régies par le droit français. En cas de litige, et à défaut de résolution amiable, les tribunaux de Marseille sont seuls compétents.',
        ],
      },
    },
  },
  privacyPolicy: {
    intro:
      'Récup’Points attache une grande importance à la protection de vos données personnelles. Cette politique explique quelles données nous collectons, pourquoi, combien de temps nous les conservons et comment exercer vos droits, conformément au Règlement général sur la protection des données (RGPD) et à la loi Informatique et Libertés.',
    sections: {
      controller: {
        title: 'Responsable du traitement',
        paragraphs: [
          'Le responsable du traitement est {{name}}, {{address}}. Pour toute question relative à vos données : {{email}}.',
        ],
      },
      collected: {
        title: 'Données collectées',
        paragraphs: ['Nous collectons uniquement les données nécessaires à votre inscription et au suivi de votre stage :'],
        items: [
          'identité : civilité, nom, prénom, date et lieu de naissance ;',
          'coordonnées : adresse e-mail, adresse postale, numéros de téléphone ;',
          'permis de conduire : numéro de permis, indispensable au centre pour déclarer votre stage à la préfecture ;',
          'réservations et paiements : stages réservés, montants, statuts et factures (les numéros de carte sont traités par notre prestataire de paiement et ne sont jamais stockés par Récup’Points) ;',
          'messages envoyés via le formulaire de contact ;',
          'données techniques de connexion nécessaires à la sécurité du site.',
        ],
      },
      purposes: {
        title: 'Finalités et bases légales',
        paragraphs: ['Vos données sont utilisées pour :'],
        items: [
          'créer et gérer votre compte, et traiter vos réservations, annulations et remboursements (exécution du contrat) ;',
          'transmettre au centre de formation les informations nécessaires à votre inscription et à la déclaration du stage en préfecture (exécution du contrat et obligation légale) ;',
          'établir et conserver les factures (obligation légale) ;',
          'vous envoyer les e-mails liés à votre compte et à vos réservations (exécution du contrat) ;',
          'assurer la sécurité du site et prévenir la fraude (intérêt légitime).',
        ],
      },
      recipients: {
        title: 'Destinataires',
        paragraphs: [
          'Vos données sont accessibles aux seules personnes habilitées de Récup’Points, au centre de formation qui organise votre stage, à notre prestataire de paiement et à notre hébergeur. Elles ne sont jamais vendues ni utilisées à des fins publicitaires.',
        ],
      },
      retention: {
        title: 'Durée de conservation',
        paragraphs: ['Nous conservons vos données pendant les durées suivantes :'],
        items: [
          'compte et profil : tant que votre compte existe. Vous pouvez demander sa suppression : vos réservations à venir sont alors annulées (et remboursées selon les conditions générales), et votre compte n’est plus accessible ni visible des centres ;',
          'historique des réservations, des paiements et des remboursements, avec l’identité de l’acheteur : 10 ans, comme l’exige la loi pour les pièces comptables, y compris après la suppression du compte ;',
          'factures et avoirs : 10 ans, tels qu’ils ont été émis ;',
          'messages de contact : 1 an.',
        ],
      },
      security: {
        title: 'Sécurité',
        paragraphs: [
          'Les échanges avec le site sont chiffrés (HTTPS), les mots de passe sont stockés sous forme hachée et l’accès aux données est limité aux personnes qui en ont besoin.',
        ],
      },
      rights: {
        title: 'Vos droits',
        paragraphs: [
          'Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, de portabilité et d’opposition sur vos données. Vous pouvez les exercer en écrivant à {{email}} ; une réponse vous est apportée dans un délai d’un mois. Vous pouvez aussi introduire une réclamation auprès de la CNIL (www.cnil.fr).',
        ],
      },
      cookies: {
        title: 'Cookies',
        paragraphs: [
          'Le site n’utilise que les cookies strictement nécessaires à son fonctionnement, sans publicité ni mesure d’audience. Le détail figure dans notre politique de cookies.',
        ],
        link: 'Lire la politique de cookies',
      },
      changes: {
        title: 'Modifications',
        paragraphs: [
          'Cette politique peut être modifiée pour tenir compte de l’évolution du service ou de la réglementation. La date de dernière mise à jour figure en haut de cette page.',
        ],
      },
    },
  },
  terms: {
    intro:
      'Les présentes conditions générales régissent l’utilisation du site Récup’Points et la réservation de stages de récupération de points. En réservant un stage, vous reconnaissez les avoir lues et acceptées.',
    sections: {
      purpose: {
        title: 'Objet et rôle de Récup’Points',
        paragraphs: [
          'Le site Récup’Points, édité par {{name}}, propose des stages de sensibilisation à la sécurité routière organisés par des centres de formation agréés par la préfecture en Provence-Alpes-Côte d’Azur.',
          '{{name}} vend chaque stage en son nom, pour le compte du centre agréé qui l’anime (intermédiaire au sens de l’article 256 V du Code général des impôts) : c’est elle qui encaisse votre paiement, vous rembourse le cas échéant et vous délivre la facture. Le centre de formation est responsable du contenu pédagogique et du déroulement du stage.',
        ],
      },
      eligibility: {
        title: 'Conditions de participation',
        paragraphs: [
          'Pour suivre un stage de récupération de points, vous devez être titulaire d’un permis de conduire valide, disposant d’au moins 1 point, et fournir des informations exactes, notamment votre numéro de permis.',
          'Un stage ne rapporte des points qu’une fois par période de 12 mois : un stage commencé moins d’un an après la fin du précédent n’en rapporte aucun. La réservation reste possible ; le site vous en avertit, avec la date à partir de laquelle un stage vous rapporterait à nouveau des points, avant la réservation et avant le paiement.',
        ],
      },
      account: {
        title: 'Compte',
        paragraphs: [
          'La réservation nécessite un compte dont l’adresse e-mail a été vérifiée. Vous êtes responsable de la confidentialité de votre mot de passe et de l’exactitude des informations de votre profil.',
        ],
      },
      booking: {
        title: 'Réservation',
        paragraphs: [
          'La réservation d’un stage nécessite l’acceptation des présentes conditions. Une réservation non payée est en attente : elle vous garde une place pendant 30 minutes, puis expire et la place est libérée.',
          'La réservation est confirmée dès que le paiement est accepté, ou lorsque le centre de formation approuve la réservation en attente. Un e-mail de confirmation vous est alors adressé.',
        ],
      },
      price: {
        title: 'Prix et paiement',
        paragraphs: [
          'Les prix sont indiqués en euros, toutes taxes comprises (TVA de 20 % incluse). Le paiement s’effectue en ligne par carte bancaire, sur une page sécurisée ; vos numéros de carte sont traités par notre prestataire de paiement. Le paiement en ligne fonctionne actuellement en mode test : aucun montant réel n’est débité.',
          'Dès le paiement accepté, {{name}} émet une facture numérotée, téléchargeable depuis votre tableau de bord. Un remboursement donne lieu à un avoir, joint à la facture. Une réservation confirmée par le centre sans paiement en ligne se règle auprès du centre.',
        ],
      },
      course: {
        title: 'Déroulement du stage',
        paragraphs: [
          'Le stage dure 2 jours consécutifs, soit 14 heures de formation, généralement de 8h à 12h et de 13h à 17h, pauses comprises. Vous devez vous présenter avec votre permis de conduire et une pièce d’identité.',
          'La présence pendant toute la durée du stage est obligatoire. Un retard important ou une absence, même partielle, empêche la délivrance de l’attestation de stage et ne donne lieu à aucun remboursement.',
        ],
      },
      points: {
        title: 'Récupération des points',
        paragraphs: [
          'Le stage permet de récupérer jusqu’à 4 points, sans dépasser le plafond de votre permis. Le centre transmet l’attestation de stage à la préfecture ; les points sont recrédités par l’administration, en général sous 1 à 2 semaines.',
          'La récupération des points n’est pas garantie : elle dépend de votre situation (permis valide, solde, période probatoire, stage suivi au cours des 12 mois précédents) et relève de l’administration, et non de {{name}} ni du centre. Un stage qui ne rapporte pas de points n’est pas remboursé pour ce motif.',
        ],
      },
      withdrawal: {
        title: 'Droit de rétractation',
        paragraphs: [
          'Vous réservez à distance : vous disposez d’un délai de 14 jours à compter de votre réservation pour vous rétracter, sans avoir à donner de motif. Annulez la réservation depuis votre tableau de bord, ou écrivez-nous à {{email}} : vous êtes remboursé(e) intégralement, sur la carte utilisée, au plus tard 14 jours après votre rétractation (en pratique, immédiatement).',
          'Ce droit ne s’applique pas à un stage qui commence avant la fin de ce délai de 14 jours à votre demande expresse : pour réserver un tel stage, vous demandez, lors de la réservation, qu’il commence avant la fin du délai et reconnaissez que le droit de rétractation ne s’appliquera pas. Son annulation suit alors les règles ci-dessous.',
        ],
      },
      cancellation: {
        title: 'Annulation par le stagiaire',
        paragraphs: [
          'Vous pouvez annuler une réservation confirmée depuis votre tableau de bord jusqu’au début du stage. Une annulation faite au moins 72 heures avant le début du stage, ou pendant le délai de rétractation quand il s’applique, est remboursée automatiquement et intégralement, sur la carte utilisée pour le paiement. En dehors de ces cas, une annulation faite moins de 72 heures avant le début du stage n’est pas remboursée. La fenêtre d’annulation vous dit toujours, avant de confirmer, si vous serez remboursé(e).',
          'Une annulation est définitive ; pour changer de date, annulez puis réservez un autre stage.',
        ],
      },
      centreCancellation: {
        title: 'Annulation par le centre',
        paragraphs: [
          'Si un stage est annulé par le centre de formation, vous en êtes informé(e) par e-mail et le montant payé vous est intégralement remboursé.',
        ],
      },
      data: {
        title: 'Données personnelles',
        paragraphs: ['Vos données sont traitées conformément à notre politique de confidentialité.'],
        link: 'Lire la politique de confidentialité',
      },
      law: {
        title: 'Droit applicable et litiges',
        paragraphs: [
          'Les présentes conditions sont soumises au droit français. En cas de litige, contactez-nous d’abord pour rechercher une solution amiable. À défaut, les tribunaux de Marseille sont compétents, sous réserve des règles protectrices du consommateur.',
        ],
      },
    },
  },
  cookies: {
    intro:
      'Cette page explique ce que sont les cookies, lesquels sont utilisés sur Récup’Points et comment les gérer.',
    sections: {
      what: {
        title: 'Qu’est-ce qu’un cookie ?',
        paragraphs: [
          'Un cookie est un petit fichier déposé sur votre appareil lors de la visite d’un site. Il permet par exemple de vous garder connecté(e) d’une page à l’autre. Le stockage local du navigateur joue un rôle voisin.',
        ],
      },
      used: {
        title: 'Les cookies que nous utilisons',
        paragraphs: ['Récup’Points n’utilise que des cookies et un stockage strictement nécessaires au fonctionnement du site :'],
        items: [
          'cookie de session (rp_session) : vous garde connecté(e) et protège votre compte ; il expire après 30 minutes d’inactivité et au plus tard 12 heures après la connexion ;',
          'préférence de langue (stockage local) : retient la langue choisie, français ou anglais, jusqu’à ce que vous l’effaciez ;',
          'cookies de notre prestataire de paiement : déposés uniquement sur la page de paiement, pour sécuriser la transaction et prévenir la fraude.',
        ],
      },
      none: {
        title: 'Ce que nous n’utilisons pas',
        paragraphs: [
          'Aucun cookie publicitaire, de réseau social ou de mesure d’audience n’est déposé. Nous ne suivons pas votre navigation sur d’autres sites.',
        ],
      },
      consent: {
        title: 'Consentement',
        paragraphs: [
          'Les cookies strictement nécessaires sont dispensés de consentement, conformément aux recommandations de la CNIL. C’est pourquoi le site ne vous présente pas de bandeau de consentement.',
        ],
      },
      manage: {
        title: 'Gérer les cookies',
        paragraphs: [
          'Vous pouvez supprimer ou bloquer les cookies dans les réglages de votre navigateur. Sans le cookie de session, vous ne pourrez toutefois plus vous connecter ni réserver de stage.',
        ],
      },
      contact: {
        title: 'Nous contacter',
        paragraphs: ['Pour toute question sur les cookies ou vos données personnelles, écrivez-nous à {{email}}.'],
        link: 'Lire la politique de confidentialité',
      },
    },
  },
};
