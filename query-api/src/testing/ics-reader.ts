/** One component of a calendar file: its properties (name, parameters, raw value) and its children. */
interface CalendarComponent {
  name: string;
  properties: Array<{ name: string; params: Record<string, string>; value: string }>;
  components: CalendarComponent[];
}

/**
 * A small strict reader of RFC 5545, for tests that read our calendar files back: every line ends in CRLF, no
 * physical line is longer than 75 octets, a folded line continues with a space, every line is a property with a
 * name and a value, every BEGIN has its END. Throws on the first fault.
 */
export function parseCalendar(file: string): CalendarComponent {
  const fail = (why: string): never => {
    throw new Error(`not a valid calendar file: ${why}`);
  };
  if (!file.endsWith('\r\n')) fail('it does not end with CRLF');
  const physical = file.slice(0, -2).split('\r\n');
  for (const line of physical) {
    if (/[\r\n]/.test(line)) fail(`a bare line feed or carriage return in ${JSON.stringify(line)}`);
    if (Buffer.byteLength(line, 'utf8') > 75) fail(`a line longer than 75 octets: ${JSON.stringify(line)}`);
  }
  const logical: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (logical.length === 0) fail('it starts with a continuation');
      logical[logical.length - 1] += line.slice(1);
    } else logical.push(line);
  }
  const root: CalendarComponent = { name: '', properties: [], components: [] };
  const stack: CalendarComponent[] = [root];
  for (const line of logical) {
    const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^;:,"]*))*):(.*)$/.exec(line);
    if (!match) fail(`not a content line: ${JSON.stringify(line)}`);
    const [, name, rawParams, value] = match!;
    const params = Object.fromEntries([...rawParams!.matchAll(/;([A-Za-z0-9-]+)=("[^"]*"|[^;:,"]*)/g)].map((p) => [p[1]!, p[2]!.replace(/^"|"$/g, '')]));
    if (name === 'BEGIN') {
      const component: CalendarComponent = { name: value!, properties: [], components: [] };
      stack.at(-1)!.components.push(component);
      stack.push(component);
    } else if (name === 'END') {
      if (stack.length < 2 || stack.pop()!.name !== value) fail(`END:${value} without its BEGIN`);
    } else {
      if (stack.length < 2) fail(`a property outside any component: ${name}`);
      stack.at(-1)!.properties.push({ name: name!, params, value: value! });
    }
  }
  if (stack.length !== 1) fail(`${stack.at(-1)!.name} is not ended`);
  if (root.components.length !== 1) fail('it is not one calendar');
  return root.components[0]!;
}

/** A TEXT value as its reader gets it back. */
export const unescapeText = (value: string) => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

export const calendarProperty = (component: CalendarComponent, name: string) => component.properties.find((p) => p.name === name);
