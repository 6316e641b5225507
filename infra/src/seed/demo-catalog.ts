/**
 * Demo data for the embedded mode: training centres of the six departments, the places where they hold
 * their courses, and three demo accounts. Plain data; the command API seeds it as events.
 */
export const DEMO_PASSWORD = 'demo-password';

interface DemoAccount {
  key: 'learner' | 'centre' | 'admin';
  email: string;
  role: 'USER' | 'ORGANIZATION' | 'ADMIN';
  title: 'MR' | 'MRS';
  firstName: string;
  lastName: string;
  phoneNumber: string;
  city: string;
  postalCode: string;
  address: string;
  licenseNumber: string | null;
  dateOfBirth: string | null;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { key: 'learner', email: 'learner@demo.test', role: 'USER', title: 'MRS', firstName: 'Camille', lastName: 'Durand', phoneNumber: '06 12 34 56 78', city: 'Toulon', postalCode: '83000', address: '18 rue Jean Jaurès', licenseNumber: '130593201145', dateOfBirth: '1991-04-17' },
  { key: 'centre', email: 'centre@demo.test', role: 'ORGANIZATION', title: 'MR', firstName: 'Nicolas', lastName: 'Bernard', phoneNumber: '04 91 23 45 67', city: 'Marseille', postalCode: '13006', address: '42 rue Paradis', licenseNumber: null, dateOfBirth: null },
  { key: 'admin', email: 'admin@demo.test', role: 'ADMIN', title: 'MRS', firstName: 'Sophie', lastName: 'Laurent', phoneNumber: '04 94 00 11 22', city: 'Toulon', postalCode: '83000', address: '5 place de la Liberté', licenseNumber: null, dateOfBirth: null },
];

export interface DemoVenue {
  city: string;
  postalCode: string;
  department: '04' | '05' | '06' | '13' | '83' | '84';
  address: string;
}

interface DemoCentre {
  key: string;
  name: string;
  address: string;
  city: string;
  postalCode: string;
  email: string;
  phoneNumber: string;
  website: string | null;
  description: string;
  descriptionEn: string;
  prefectApprovalReference: string;
  /** The demo account that runs this centre. */
  owner: DemoAccount['key'] | null;
  venues: readonly DemoVenue[];
}

export const DEMO_CENTRES: readonly DemoCentre[] = [
  {
    key: 'provence', name: 'Provence Sécurité Routière', address: '42 rue Paradis', city: 'Marseille', postalCode: '13006',
    email: 'contact@provence-securite-routiere.test', phoneNumber: '04 91 23 45 67', website: 'https://provence-securite-routiere.test',
    description: 'Centre agréé par la préfecture des Bouches-du-Rhône, nous animons des stages de récupération de points depuis 2009 avec un psychologue et un formateur BAFM.',
    descriptionEn: 'Approved by the Bouches-du-Rhône prefecture, we have run points recovery courses since 2009, led by a psychologist and a certified road safety trainer.',
    prefectApprovalReference: 'R1301300010', owner: 'centre',
    venues: [
      { city: 'Marseille', postalCode: '13001', department: '13', address: 'Salle Canebière, 56 la Canebière' },
      { city: 'Aix-en-Provence', postalCode: '13100', department: '13', address: 'Espace Mirabeau, 8 cours Mirabeau' },
      { city: 'Salon-de-Provence', postalCode: '13300', department: '13', address: 'Salle des Associations, 3 boulevard de la République' },
      { city: 'Arles', postalCode: '13200', department: '13', address: 'Centre de formation, 12 boulevard des Lices' },
      { city: 'Aubagne', postalCode: '13400', department: '13', address: 'Espace Entreprises, 2 avenue du Jeune Anacharsis' },
      { city: 'Martigues', postalCode: '13500', department: '13', address: 'Salle Ferrières, 9 quai Général Leclerc' },
    ],
  },
  {
    key: 'var', name: 'Var Prévention Conduite', address: '14 boulevard de Strasbourg', city: 'Toulon', postalCode: '83000',
    email: 'contact@var-prevention-conduite.test', phoneNumber: '04 94 41 22 33', website: 'https://var-prevention-conduite.test',
    description: 'Stages de sensibilisation à la sécurité routière dans tout le Var, en petits groupes, au plus près de chez vous.',
    descriptionEn: 'Road safety awareness courses across the Var, in small groups, close to home.',
    prefectApprovalReference: 'R1308300021', owner: null,
    venues: [
      { city: 'Toulon', postalCode: '83000', department: '83', address: 'Salle Mayol, 21 rue Paul Lendrin' },
      { city: 'Hyères', postalCode: '83400', department: '83', address: 'Espace Costebelle, 7 avenue Gambetta' },
      { city: 'Fréjus', postalCode: '83600', department: '83', address: 'Salle du Capitou, 140 rue Jean Giono' },
      { city: 'Draguignan', postalCode: '83300', department: '83', address: 'Maison des Associations, 11 boulevard Clemenceau' },
      { city: 'La Seyne-sur-Mer', postalCode: '83500', department: '83', address: 'Espace Tisot, 2 avenue Henri Guillaume' },
      { city: 'Brignoles', postalCode: '83170', department: '83', address: 'Salle Saint-Louis, 4 place Carami' },
    ],
  },
  {
    key: 'azur', name: 'Azur Stages Permis', address: '27 avenue Jean Médecin', city: 'Nice', postalCode: '06000',
    email: 'bonjour@azur-stages-permis.test', phoneNumber: '04 93 88 77 66', website: null,
    description: 'Sur la Côte d’Azur, des stages de deux jours pour récupérer jusqu’à 4 points, animés par des formateurs expérimentés.',
    descriptionEn: 'On the Riviera, two-day courses to recover up to 4 points, led by experienced trainers.',
    prefectApprovalReference: 'R1300600034', owner: null,
    venues: [
      { city: 'Nice', postalCode: '06000', department: '06', address: 'Centre Masséna, 15 rue de la Préfecture' },
      { city: 'Cannes', postalCode: '06400', department: '06', address: 'Salle Croisette, 32 boulevard Carnot' },
      { city: 'Antibes', postalCode: '06600', department: '06', address: 'Espace Azur, 10 avenue Robert Soleau' },
      { city: 'Grasse', postalCode: '06130', department: '06', address: 'Salle des Parfumeurs, 5 boulevard du Jeu de Ballon' },
      { city: 'Menton', postalCode: '06500', department: '06', address: 'Palais de l’Europe, 8 avenue Boyer' },
    ],
  },
  {
    key: 'vaucluse', name: 'Vaucluse Route Formation', address: '9 rue de la République', city: 'Avignon', postalCode: '84000',
    email: 'contact@vaucluse-route-formation.test', phoneNumber: '04 90 82 11 00', website: 'https://vaucluse-route-formation.test',
    description: 'Organisme agréé du Vaucluse : stages de récupération de points en semaine et le week-end.',
    descriptionEn: 'Approved centre in the Vaucluse: points recovery courses on weekdays and at weekends.',
    prefectApprovalReference: 'R1308400045', owner: null,
    venues: [
      { city: 'Avignon', postalCode: '84000', department: '84', address: 'Salle des Remparts, 18 boulevard Saint-Roch' },
      { city: 'Carpentras', postalCode: '84200', department: '84', address: 'Espace Inguimbert, 3 place Aristide Briand' },
      { city: 'Orange', postalCode: '84100', department: '84', address: 'Salle du Théâtre, 6 cours Aristide Briand' },
      { city: 'Cavaillon', postalCode: '84300', department: '84', address: 'Centre Durance, 22 avenue Gabriel Péri' },
    ],
  },
  {
    key: 'alpes', name: 'Alpes Conduite Responsable', address: '5 rue Carnot', city: 'Gap', postalCode: '05000',
    email: 'contact@alpes-conduite.test', phoneNumber: '04 92 51 23 45', website: null,
    description: 'Dans les Hautes-Alpes, des stages pour rouler plus sûr en montagne comme en ville.',
    descriptionEn: 'In the Hautes-Alpes, courses to drive more safely in the mountains as in town.',
    prefectApprovalReference: 'R1300500056', owner: null,
    venues: [
      { city: 'Gap', postalCode: '05000', department: '05', address: 'Salle Alpine, 12 rue Carnot' },
      { city: 'Briançon', postalCode: '05100', department: '05', address: 'Centre des Congrès, 1 avenue Maurice Petsche' },
      { city: 'Embrun', postalCode: '05200', department: '05', address: 'Salle du Roc, 4 place Barthelon' },
    ],
  },
  {
    key: 'hauteProvence', name: 'Haute-Provence Éducation Routière', address: '30 boulevard Élémir Bourges', city: 'Manosque', postalCode: '04100',
    email: 'contact@hp-education-routiere.test', phoneNumber: '04 92 72 00 10', website: 'https://hp-education-routiere.test',
    description: 'Centre agréé des Alpes-de-Haute-Provence, à Manosque, Digne-les-Bains et Sisteron.',
    descriptionEn: 'Approved centre in the Alpes-de-Haute-Provence, in Manosque, Digne-les-Bains and Sisteron.',
    prefectApprovalReference: 'R1300400067', owner: null,
    venues: [
      { city: 'Manosque', postalCode: '04100', department: '04', address: 'Salle Giono, 14 boulevard Élémir Bourges' },
      { city: 'Digne-les-Bains', postalCode: '04000', department: '04', address: 'Centre Gassendi, 7 boulevard Gassendi' },
      { city: 'Sisteron', postalCode: '04200', department: '04', address: 'Salle de la Citadelle, 2 rue Saunerie' },
    ],
  },
];

export const DEFAULT_COURSE_DESCRIPTION = {
  fr: 'Stage de sensibilisation à la sécurité routière',
  en: 'Road safety awareness course',
};
