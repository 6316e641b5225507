/**
 * Builds the gazetteer's data file (`infra/data/paca-gazetteer.json`) from its two sources: La Poste's
 * postal codes with coordinates (`infra/data/paca-communes.csv`) and the official commune names of
 * `@etalab/decoupage-administratif`, joined on the INSEE code. Run at build time only, never on a request:
 * the package's file of every French commune takes a few hundred milliseconds to parse.
 */
import { placeKey } from './normalize';

const GAZETTEER_DEPARTMENTS = ['04', '05', '06', '13', '83', '84'] as const;

/** One commune, or one municipal arrondissement of Marseille, as the data file holds it. */
export interface PlaceRecord {
  /** INSEE code. */
  code: string;
  /** Official name, with its accents and hyphens. */
  name: string;
  department: string;
  lat: number;
  lon: number;
  population: number | null;
  postalCodes: string[];
  /** Other names the place answers to: La Poste's spellings and localities, "Marseille 8e". */
  aliases: string[];
  /** For a municipal arrondissement, the INSEE code of its commune. */
  parent?: string;
}

export interface GazetteerData {
  source: string;
  places: PlaceRecord[];
}

/** An entry of `@etalab/decoupage-administratif/data/communes.json`, as far as the gazetteer reads it. */
export interface AdministrativeCommune {
  code: string;
  nom: string;
  type: string;
  departement?: string;
  commune?: string;
  codesPostaux?: string[];
  population?: number;
}

interface PostalRow {
  code: string;
  laPosteName: string;
  postalCode: string;
  locality: string;
  deliveryName: string;
  lat: number;
  lon: number;
}

const PLACE_TYPES = new Set(['commune-actuelle', 'arrondissement-municipal']);
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

export function parsePostalCsv(csv: string): PostalRow[] {
  const [header, ...lines] = csv.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '');
  const columns = header!.split(';');
  const at = (name: string) => {
    const index = columns.indexOf(name);
    if (index < 0) throw new Error(`paca-communes.csv has no column ${name}`);
    return index;
  };
  const [code, name, postalCode, locality, delivery, lat, lon] = ['code_commune_insee', 'nom_commune', 'code_postal', 'ligne_5', 'libelle_acheminement', 'latitude', 'longitude'].map(at) as [number, number, number, number, number, number, number];
  return lines.map((line, row) => {
    const cells = line.split(';');
    const parsed = { code: cells[code]!, laPosteName: cells[name]!, postalCode: cells[postalCode]!, locality: cells[locality] ?? '', deliveryName: cells[delivery] ?? '', lat: Number(cells[lat]), lon: Number(cells[lon]) };
    if (!/^\d[\dAB]\d{3}$/.test(parsed.code) || !/^\d{5}$/.test(parsed.postalCode) || !Number.isFinite(parsed.lat) || !Number.isFinite(parsed.lon)) {
      throw new Error(`paca-communes.csv line ${row + 2} is malformed: ${line}`);
    }
    return parsed;
  });
}

function ordinal(n: number) {
  return n === 1 ? '1er' : `${n}e`;
}

/** Joins the two sources: every commune and arrondissement of the six departments, with coordinates. */
export function buildGazetteerData(csv: string, communes: readonly AdministrativeCommune[]): GazetteerData {
  const departments = new Set<string>(GAZETTEER_DEPARTMENTS);
  const official = communes.filter((c) => c.departement && departments.has(c.departement) && PLACE_TYPES.has(c.type));
  const byCode = new Map(official.map((c) => [c.code, c]));
  const rowsByCode = new Map<string, PostalRow[]>();
  for (const row of parsePostalCsv(csv)) {
    if (!byCode.has(row.code)) throw new Error(`INSEE code ${row.code} (${row.laPosteName}) is no commune of ${GAZETTEER_DEPARTMENTS.join(', ')}`);
    rowsByCode.set(row.code, [...(rowsByCode.get(row.code) ?? []), row]);
  }

  const places = official.map((commune): PlaceRecord => {
    const rows = rowsByCode.get(commune.code) ?? [];
    // A commune divided into municipal arrondissements (Marseille) has no row of its own: it takes the
    // centre of its first arrondissement, the historic centre.
    const located = rows[0] ?? official
      .filter((c) => c.commune === commune.code)
      .sort((a, b) => a.code.localeCompare(b.code))
      .map((c) => rowsByCode.get(c.code)?.[0])
      .find(Boolean);
    if (!located) throw new Error(`No coordinates for ${commune.code} ${commune.nom}`);

    const postalCodes = [...new Set([...(commune.codesPostaux ?? []), ...rows.map((r) => r.postalCode)])].sort();
    const names = rows.flatMap((r) => [r.laPosteName, r.deliveryName, r.locality]);
    const parent = commune.commune ? byCode.get(commune.commune) : undefined;
    const arrondissement = parent && /^\d+/.exec(commune.nom.slice(parent.nom.length).trim());
    if (parent && arrondissement) {
      const n = Number(arrondissement[0]);
      names.push(`${parent.nom} ${n}`, `${parent.nom} ${ordinal(n)}`);
    }
    const keys = new Set([placeKey(commune.nom)]);
    const aliases: string[] = [];
    for (const alias of names) {
      const key = placeKey(alias);
      if (key && !keys.has(key)) {
        keys.add(key);
        aliases.push(alias);
      }
    }
    return {
      code: commune.code,
      name: commune.nom,
      department: commune.departement!,
      lat: round6(located.lat),
      lon: round6(located.lon),
      population: commune.population ?? null,
      postalCodes,
      aliases,
      ...(parent ? { parent: parent.code } : {}),
    };
  });
  places.sort((a, b) => a.code.localeCompare(b.code));
  return {
    source: "La Poste, Base officielle des codes postaux (coordinates); @etalab/decoupage-administratif (official names). Licence Ouverte / Etalab. Regenerate: npx vitest run infra/src/geo/gazetteer-build.unit.spec.ts -u",
    places,
  };
}

/** One place a line, so that a change of data reads as a change of lines. */
export function serializeGazetteerData(data: GazetteerData): string {
  const places = data.places.map((place) => `  ${JSON.stringify(place)}`).join(',\n');
  return `{\n "source": ${JSON.stringify(data.source)},\n "places": [\n${places}\n ]\n}\n`;
}
