import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpProblem } from '@recup/infra/http/problem';
import { languageOf } from '@recup/infra/http/language';
import { requireUser } from '@recup/infra/http/sessions';
import { parisCalendarDay } from '@recup/shared-events';
import { AdminAnnualReportQuery, AnnualReportQuery, type AnnualReport, type AnnualReportFormat } from '../contracts/reports';
import type { CommandApiDeps } from '../deps';
import { ownOrganization } from '../organizations/manage-organization';
import { OrganizationNotFound } from '../organizations/organization-errors';
import { annualReport } from './annual-report';
import { annualReportCsv } from './annual-report-csv';
import { readAnnualReportLog } from './annual-report-log';
import { renderAnnualReportPdf } from './annual-report-pdf';
import { REPORT_TEXT } from './annual-report-text';

/**
 * The centre's annual report to the prefecture (issue 20 §4): `GET /api/organization/reports/annual?year=YYYY` for
 * the centre's own, `GET /api/admin/reports/annual?year=YYYY&organizationId=…` for any centre. The PDF by default,
 * `&format=csv` the CSV, `&format=json` the figures the web shows; in `?lang=` or the caller's language. Served by the
 * command API because it owns the log the report is folded from (like the administrators' history).
 */
export async function annualReportRoutes(app: FastifyInstance, deps: Pick<CommandApiDeps, 'eventStore' | 'clock'>) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const answer = async (reply: FastifyReply, organizationId: string, query: { year: number; format: AnnualReportFormat; lang?: 'fr' | 'en' | undefined }) => {
    const now = deps.clock.now();
    const currentYear = Number(parisCalendarDay(now).slice(0, 4));
    if (query.year > currentYear) {
      throw new HttpProblem(400, 'REPORT_YEAR_IN_FUTURE', {
        fr: `L’année (year) ne peut pas être postérieure à ${currentYear} : le bilan porte sur une année commencée.`,
        en: `The year (year) cannot be later than ${currentYear}: a report covers a year that has begun.`,
      }, { field: 'year' });
    }
    const events = await readAnnualReportLog(deps.eventStore, organizationId, query.year);
    if (!events) throw new OrganizationNotFound();
    reply.request.eventPosition = events.at(-1)?.position ?? 0;
    const report: AnnualReport = annualReport(events, { organizationId, year: query.year, asOf: now });
    const lang = query.lang ?? languageOf(reply.request);
    const fileName = REPORT_TEXT[lang].fileName(query.year);
    reply.header('Cache-Control', 'no-store');
    if (query.format === 'json') return reply.send(report);
    if (query.format === 'csv') {
      return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${fileName}.csv"`).send(annualReportCsv(report, lang));
    }
    return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${fileName}.pdf"`).send(await renderAnnualReportPdf(report, lang));
  };

  api.get('/api/organization/reports/annual', { schema: { querystring: AnnualReportQuery } }, async (request, reply) => {
    const user = requireUser(request, ['ORGANIZATION']);
    const centre = await ownOrganization(deps, user.userId);
    return answer(reply, centre.organizationId, request.query);
  });

  api.get('/api/admin/reports/annual', { schema: { querystring: AdminAnnualReportQuery } }, async (request, reply) => {
    requireUser(request, ['ADMIN']);
    const { organizationId, ...query } = request.query;
    return answer(reply, organizationId, query);
  });
}
