/**
 * The gazetteer of the communes of Provence-Alpes-Côte d'Azur (departments 04, 05, 06, 13, 83, 84): finds
 * the commune a free text names (a name, a postal code, or both) and measures distances between places.
 *
 * Its data (`infra/data/paca-gazetteer.json`, built by `gazetteer-build.ts`) is imported as a module, so
 * a bundle carries it and no file has to be found at run time; its indexes are built on first use.
 */
import data from '../../data/paca-gazetteer.json' with { type: 'json' };
import type { GazetteerData, PlaceRecord } from './gazetteer-build';
import { normalizePlaceName, placeKey } from './normalize';

interface GeoPoint {
  lat: number;
  lon: number;
}

/** A commune, or a municipal arrondissement of Marseille, at its centre. */
interface Commune extends GeoPoint {
  /** INSEE code. */
  readonly code: string;
  /** Official name, with its accents. */
  readonly name: string;
  readonly department: string;
  readonly postalCodes: readonly string[];
  readonly population: number | null;
  /** For an arrondissement, the INSEE code of its commune. */
  readonly parent: string | null;
  /** Other names it answers to: La Poste's spellings and localities, "Marseille 8e". */
  readonly aliases: readonly string[];
}

const EARTH_RADIUS_KM = 6371.0088;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const LEADING_ARTICLE = /^(le|la|les|l) /;

/** How well a name fits: the official name, then another known name, then the official name without its article. */
enum Fit {
  Official = 0,
  Alias = 1,
  WithoutArticle = 2,
}

class Gazetteer {
  readonly communes: readonly Commune[];
  private readonly byCode = new Map<string, Commune>();
  private readonly byName = new Map<string, Commune[]>();
  private readonly byPostalCode = new Map<string, Commune[]>();

  constructor(data: GazetteerData) {
    this.communes = data.places.map(toCommune);
    const named = new Map<string, { commune: Commune; fit: Fit }[]>();
    const name = (key: string, commune: Commune, fit: Fit) => {
      if (!key) return;
      const entries = named.get(key) ?? [];
      if (entries.some((e) => e.commune === commune)) return;
      entries.push({ commune, fit });
      named.set(key, entries);
    };
    data.places.forEach((place, i) => {
      const commune = this.communes[i]!;
      this.byCode.set(commune.code, commune);
      const official = normalizePlaceName(place.name);
      name(official.replace(/ /g, ''), commune, Fit.Official);
      for (const alias of place.aliases) name(placeKey(alias), commune, Fit.Alias);
      name(official.replace(LEADING_ARTICLE, '').replace(/ /g, ''), commune, Fit.WithoutArticle);
      for (const postalCode of commune.postalCodes) this.byPostalCode.set(postalCode, [...(this.byPostalCode.get(postalCode) ?? []), commune]);
    });
    // Homonyms (La Garde in 04 and in 83): the best fit, then the most populous.
    for (const [key, entries] of named) {
      entries.sort((a, b) => a.fit - b.fit || (b.commune.population ?? 0) - (a.commune.population ?? 0));
      this.byName.set(key, entries.map((e) => e.commune));
    }
    // A postal code shared by several communes names the most precise place (an arrondissement before its
    // city), then the most populous: 04200 is Sisteron rather than one of its eighteen villages.
    for (const communes of this.byPostalCode.values()) {
      communes.sort((a, b) => Number(b.parent !== null) - Number(a.parent !== null) || (b.population ?? 0) - (a.population ?? 0));
    }
  }

  commune(code: string): Commune | null {
    return this.byCode.get(code) ?? null;
  }

  /**
   * The commune a free text names, or null: "83000", "Toulon", "TOULON", "salon de provence", "ste maxime",
   * "St-Tropez", "Marseille 8e", "La Garde (04)", "13300 Salon-de-Provence". Accents, case, hyphens,
   * apostrophes and "St"/"Ste" do not matter; a word that is not a whole name does not match ("Salon").
   */
  resolve(text: string): Commune | null {
    const words = normalizePlaceName(text).split(' ').filter(Boolean);
    const postalCode = words.find((w) => /^\d{5}$/.test(w));
    const nameWords = words.filter((w) => w !== postalCode);
    const last = nameWords.at(-1);
    // "La Garde 04": a trailing department code chooses among homonyms; failing that it is part of the
    // name ("Marseille 04", La Poste's name of the 4th arrondissement).
    if (nameWords.length > 1 && last && /^(0[456]|13|83|84)$/.test(last)) {
      const inDepartment = this.find(nameWords.slice(0, -1).join(''), postalCode, last);
      if (inDepartment) return inDepartment;
    }
    return this.find(nameWords.join(''), postalCode);
  }

  /** Where a place with this city and postal code is: the named commune, else the postal code's. */
  locate(city: string, postalCode: string): Commune | null {
    return this.find(placeKey(city), /^\d{5}$/.test(postalCode) ? postalCode : undefined);
  }

  /** The communes (and arrondissements) a postal code serves, the most precise and populous first; none for an unknown code. */
  atPostalCode(postalCode: string): readonly Commune[] {
    return this.byPostalCode.get(postalCode) ?? [];
  }

  /** The communes (and arrondissements) within `km` of a point, nearest first. */
  within(point: GeoPoint, km: number): Commune[] {
    return this.communes
      .map((commune) => ({ commune, distance: haversineKm(point, commune) }))
      .filter((c) => c.distance <= km)
      .sort((a, b) => a.distance - b.distance)
      .map((c) => c.commune);
  }

  private find(key: string, postalCode?: string, department?: string): Commune | null {
    const named = (key && this.byName.get(key)) || [];
    const candidates = department ? named.filter((c) => c.department === department) : named;
    if (!postalCode) return candidates[0] ?? null;
    const atPostalCode = this.byPostalCode.get(postalCode) ?? [];
    if (!key) return atPostalCode[0] ?? null;
    const codes = new Set(candidates.map((c) => c.code));
    // "Marseille 13008": the arrondissement of that postal code, within the commune of that name.
    const both = atPostalCode.find((c) => codes.has(c.code) || (c.parent !== null && codes.has(c.parent)));
    if (both) return both;
    if (department && candidates.length === 0) return null;
    return candidates[0] ?? atPostalCode[0] ?? null;
  }
}

function toCommune(place: PlaceRecord): Commune {
  return Object.freeze({
    code: place.code,
    name: place.name,
    department: place.department,
    lat: place.lat,
    lon: place.lon,
    postalCodes: Object.freeze([...place.postalCodes]),
    population: place.population,
    parent: place.parent ?? null,
    aliases: Object.freeze([...place.aliases]),
  });
}

let loaded: { gazetteer: Gazetteer; loadMs: number } | null = null;

/** The gazetteer of the shipped data, built once on first use (about a few milliseconds, see `gazetteerLoadMs`). */
export function gazetteer(): Gazetteer {
  if (!loaded) {
    const started = performance.now();
    const built = new Gazetteer(data as GazetteerData);
    loaded = { gazetteer: built, loadMs: performance.now() - started };
  }
  return loaded.gazetteer;
}

/** How long building the shared gazetteer took, in milliseconds (null until first used). */
export function gazetteerLoadMs(): number | null {
  return loaded?.loadMs ?? null;
}
