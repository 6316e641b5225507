/**
 * French prepositions before a place name, as French writes them: "de" elides before a vowel or a mute h
 * ("d’Aubagne", "d’Hyères", "d’Orange"), and "de"/"à" contract with a leading article ("du Pradet", "au Pradet",
 * "des Arcs", "aux Arcs"; "de La Seyne" stays). Pure: used by the screens and by the e-mails alike.
 */

/** The typographic apostrophe, as the rest of our French texts write it. */
const APOSTROPHE = '’';

/** Names whose h is aspirated (no elision): "de Hautes-Alpes", "du Havre"; every other h is mute ("d’Hyères"). */
const ASPIRATED_H = /^h(aut|ameau|alle|amel|ardi|arfleur|avre|ayange|ennebont|érouville|oudan|uningue)/iu;

/** Whether "de" elides before this word: a vowel (accented or not), a y before a consonant, or a mute h. */
export function elidesBefore(word: string): boolean {
  const text = word.trim().normalize('NFC');
  const first = text.charAt(0).toLowerCase();
  if (first !== '' && 'aàâäeéèêëiîïoôöuùûüæœ'.includes(first)) return true;
  if (first === 'y') return !'aeiouy'.includes(text.charAt(1).toLowerCase());
  if (first === 'h') return !ASPIRATED_H.test(text);
  return false;
}

/** A leading article of a place name ("Le Pradet", "Les Arcs-sur-Argens"), and the rest. */
function article(name: string): { article: 'le' | 'les' | null; rest: string } {
  const match = /^(le|les)\s+(.+)$/iu.exec(name.trim());
  if (!match) return { article: null, rest: name.trim() };
  return { article: match[1]!.toLowerCase() as 'le' | 'les', rest: match[2]! };
}

/** "de Toulon", "d’Aubagne", "d’Hyères", "du Pradet", "des Arcs", "de La Seyne-sur-Mer". */
export function deName(name: string): string {
  const { article: leading, rest } = article(name);
  if (leading === 'le') return `du ${rest}`;
  if (leading === 'les') return `des ${rest}`;
  return elidesBefore(rest) ? `d${APOSTROPHE}${rest}` : `de ${rest}`;
}

/** "à Toulon", "à Aubagne", "au Pradet", "aux Arcs", "à La Seyne-sur-Mer". */
export function aName(name: string): string {
  const { article: leading, rest } = article(name);
  if (leading === 'le') return `au ${rest}`;
  if (leading === 'les') return `aux ${rest}`;
  return `à ${rest}`;
}
